import { describe, expect, it } from 'vitest'
import { compileConcepts, concepts, CONCEPTS } from './vocabulary'
import { questionTerms } from './terms'

/**
 * Some texts a spelling matches: each alternative of a group, an optional part with and without it, a class by its
 * first member, `\w*` as nothing or a common ending, `\w+` as a word, `\d+` as a number, lookarounds dropped. Undefined for syntax it does not know.
 */
function examples(pattern: string): string[] | undefined {
  let i = 0
  const seq = (): string[] | undefined => {
    let out = ['']
    while (i < pattern.length && pattern[i] !== '|' && pattern[i] !== ')') {
      let atom: string[] | undefined
      const c = pattern[i]!
      if (pattern.startsWith('(?!', i) || pattern.startsWith('(?<!', i)) {
        let depth = 0
        for (; i < pattern.length; i++) {
          if (pattern[i] === '(') depth++
          if (pattern[i] === ')' && --depth === 0) break
        }
        i++
        continue
      } else if (pattern.startsWith('(?:', i)) {
        i += 3
        atom = []
        for (;;) {
          const branch = seq()
          if (!branch) return undefined
          atom.push(...branch)
          if (pattern[i] === '|') i++
          else break
        }
        if (pattern[i] !== ')') return undefined
        i++
      } else if (c === '\\') {
        const e = pattern[i + 1]
        i += 2
        if (e === 'w' && pattern[i] === '*') {
          i++
          atom = ['', 's', 'ing', 'ers']
        } else if (e === 'w' && pattern[i] === '+') {
          i++
          atom = ['known']
        } else if (e === 'd') {
          if (pattern[i] === '+') i++
          atom = ['12']
        } else if (e === 'b') continue
        else if (e && /[.\-/&]/.test(e)) atom = [e]
        else return undefined
      } else if (c === '[') {
        const end = pattern.indexOf(']', i)
        atom = [pattern[i + 1]!]
        i = end + 1
      } else if (/[a-z0-9 \-/&.,]/i.test(c)) {
        atom = [c]
        i++
      } else return undefined
      if (pattern[i] === '?') {
        i++
        atom = [...atom, '']
      }
      out = out.flatMap((a) => atom!.map((b) => a + b)).slice(0, 16)
    }
    return out
  }
  const all = seq()
  return i === pattern.length ? all : undefined
}

describe('security vocabulary', () => {
  it('reads a period something is kept for as its retention', () => {
    expect(questionTerms('Kiosk ledgers are kept for 400 days.')).toContain('#retention')
    expect(questionTerms('Kiosk ledgers are kept in a safe.')).not.toContain('#retention')
  })

  it('reads "the vendor" a question asks of as the respondent, not a third party', () => {
    expect(questionTerms("Do any of the vendor's own clerks open kiosk ledgers?")).not.toContain('#thirdparty')
    expect(questionTerms('Does the vendor lock kiosk ledgers?')).not.toContain('#thirdparty')
    expect(questionTerms('Does the vendor assess its vendors?')).toContain('#thirdparty')
  })

  it('reads "to anyone" as every party, third parties among them, unless narrowed', () => {
    expect(questionTerms('We never sell kiosk ledgers to anyone.')).toContain('#thirdparty')
    expect(questionTerms('We give kiosk ledgers to anyone who asks at the branch.')).not.toContain('#thirdparty')
  })

  it('reads what its spellings match (the examples this test uses)', () => {
    expect(examples('backups?')).toEqual(['backups', 'backup'])
    expect(examples('single sign-?on')).toEqual(['single sign-on', 'single signon'])
    expect(examples('encrypted (?:storage|volumes?)')).toEqual([
      'encrypted storage',
      'encrypted volumes',
      'encrypted volume',
    ])
  })

  it('has no dead spelling: each one changes what some text it matches is read as', () => {
    const dead: string[] = []
    for (const [id, forms] of Object.entries(CONCEPTS))
      forms.forEach((form, k) => {
        const without = compileConcepts({ ...CONCEPTS, [id]: forms.filter((_, j) => j !== k) })
        const texts = examples(form)
        if (!texts) throw new Error(`the test cannot read the spelling ${form}: teach examples() its syntax`)
        const reads = (text: string, compiled?: ReturnType<typeof compileConcepts>) =>
          JSON.stringify(concepts(`Our ${text} here.`, compiled))
        if (texts.every((t) => reads(t) === reads(t, without))) dead.push(`${id}: ${form}`)
      })
    expect(dead).toEqual([])
  })

  it('reads capitals with a lower-case "s" as the plural of the capitals, not as an acronym ending in S', () => {
    expect(concepts('We run an IDS on every subnet.').ids).toContain('#ids')
    expect(concepts('Badge IDs are printed on the card.').ids).not.toContain('#ids')
    expect(concepts('Badge IDs are printed on the card.').rest).toContain('IDs')
    expect(concepts('Partner APIs are versioned.').ids).toContain('#api')
  })

  it('reads a hosting provider in the plural as in the singular', () => {
    expect(concepts('Both of our cloud providers encrypt volumes.').ids).toContain('#cloudhost')
    expect(concepts('Hosting providers are reviewed yearly.').ids).toContain('#cloudhost')
  })

  it('tells a web application firewall from a network firewall', () => {
    expect(concepts('Is a web application firewall (WAF) in front of the portal?').ids).toEqual(['#waf'])
    expect(concepts('The office network sits behind two firewalls.').ids).toEqual(['#firewall'])
  })

  it('reads a certification as an audit, but not a self-certification: a company vouching for itself audits nothing', () => {
    expect(concepts('The platform holds a certification from an accredited body.').ids).toContain('#audit')
    expect(concepts('The company self-certifies its adherence to a transfer framework.').ids).not.toContain('#audit')
    expect(concepts('Self-certification to a data transfer framework is renewed yearly.').ids).not.toContain('#audit')
  })

  it('reads being certified as an audit, but not the certificates a server presents', () => {
    expect(concepts('The hosting region was certified against the framework last spring.').ids).toContain('#audit')
    expect(concepts('Web servers present certificates signed by a public authority.').ids).not.toContain('#audit')
    expect(concepts('Expired certificate alerts reach the on-call engineer.').ids).not.toContain('#audit')
  })

  it('tells intrusion detection from intrusion prevention, and reads "IDS/IPS" as both', () => {
    // Before: one concept, so "Is an intrusion prevention system in place?" was answered from a detection sentence.
    expect(concepts('Network intrusion detection alerts the on-call engineer.').ids).not.toContain('#ips')
    expect(concepts('Is an intrusion prevention system in place?').ids).toEqual(['#ips'])
    expect(concepts('An IDS/IPS watches the perimeter.').ids.sort()).toEqual(['#ids', '#ips'])
  })

  it('reads a question in statement order too, so it names the concepts its answer states', () => {
    // Evidence says "User access is reviewed quarterly": the concept is spelled as a statement.
    expect(concepts('User access is reviewed quarterly.').ids).toContain('#accessreview')
    expect(questionTerms('How often is user access reviewed?')).toContain('#accessreview')
    expect(questionTerms('Are changes reviewed before they are deployed?')).toContain('#change')
    expect(questionTerms('Do you review firewall rules?')).not.toContain('#accessreview')
  })
})

import { describe, expect, it } from 'vitest'
import { QuestionnaireError } from '../model'
import {
  appendInside,
  applyEdits,
  child,
  namespaceOf,
  parseXmlTree,
  prefixFor,
  setAttribute,
  stripDoctype,
} from './xml-tree'

describe('namespace-aware element index', () => {
  const xml =
    '<a:root xmlns:a="urn:main" xmlns:r="urn:other"><a:list><a:item xmlns:rel="urn:rels" rel:id="x"/></a:list>' +
    '<b:list xmlns:b="urn:main" xmlns:r="urn:rels"><b:item/></b:list></a:root>'
  const root = parseXmlTree(xml)

  it('finds elements by namespace and local name, whatever their prefix', () => {
    const lists = root.children.filter((c) => c.local === 'list' && c.uri === 'urn:main')
    expect(lists.map((l) => l.prefix)).toEqual(['a', 'b'])
    expect(xml.slice(lists[1]!.start, lists[1]!.end)).toBe(
      '<b:list xmlns:b="urn:main" xmlns:r="urn:rels"><b:item/></b:list>',
    )
    expect(child(lists[0]!, 'item')?.selfClosing).toBe(true)
  })

  it('resolves prefixes in scope, with shadowing, and only where declared', () => {
    const [first, second] = root.children
    expect(prefixFor(first!, 'urn:rels')).toBeUndefined() // xmlns:rel sits on a child, not in scope here
    expect(prefixFor(second!, 'urn:rels')).toBe('r') // r is rebound on the second list
    expect(namespaceOf(first!, 'r')).toBe('urn:other')
  })

  it('appends inside self-closing and open elements, and edits attributes in place', () => {
    const item = child(root.children[0]!, 'item')!
    expect(applyEdits(xml, [appendInside(xml, item, '<a:x/>')])).toContain(
      '<a:item xmlns:rel="urn:rels" rel:id="x"><a:x/></a:item>',
    )
    expect(setAttribute('<c r="A1" s=\'3\'/>', 's', '4')).toBe('<c r="A1" s="4"/>')
    expect(setAttribute('<calcPr calcId="1"/>', 'fullCalcOnLoad', '1')).toBe('<calcPr calcId="1" fullCalcOnLoad="1"/>')
    expect(setAttribute('<dimension xr:ref="Z9" ref="A1"/>', 'ref', 'A1:C3')).toBe(
      '<dimension xr:ref="Z9" ref="A1:C3"/>',
    )
  })

  it('refuses a part that is not well-formed, or uses an unbound prefix', () => {
    expect(() => parseXmlTree('<a><b></a>')).toThrow(QuestionnaireError)
    expect(() => parseXmlTree('<a q:id="1"/>')).toThrow(/unbound/)
  })
})

describe('DOCTYPE stripping', () => {
  it('removes the declaration with its internal subset, and drops references to the entities it declared', () => {
    const xml =
      '<?xml version="1.0"?>\n<!DOCTYPE r [\n<!ENTITY a "x]>">\n<!-- ]> -->\n<!ENTITY b SYSTEM "file:///etc/passwd">\n]>\n<r t="&b;">&a;&amp;&#65;</r>'
    const out = stripDoctype(xml)
    expect(out).toBe('<?xml version="1.0"?>\n\n<r t="">&amp;&#65;</r>')
    expect(() => parseXmlTree(out)).not.toThrow()
  })

  it('leaves a part without one alone, even when its text mentions it', () => {
    const xml = '<r><t>&lt;!DOCTYPE html&gt; is text</t></r>'
    expect(stripDoctype(xml)).toBe(xml)
    expect(stripDoctype('<r><!-- <!DOCTYPE x> --></r>')).toBe('<r><!-- <!DOCTYPE x> --></r>')
  })
})

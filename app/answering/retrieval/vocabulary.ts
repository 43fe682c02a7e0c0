/**
 * Security vocabulary: each concept is a set of spellings that mean the same control ("MFA", "multi-factor",
 * "2FA"). Text that uses any spelling gets the concept's token (#mfa), so retrieval matches across wording.
 * General security language only: nothing here is keyed to a particular questionnaire's wording.
 */
import { isAcronym } from './stem'

export const CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  mfa: [
    'mfa',
    '2fa',
    'multi-?factor',
    'multi factor',
    'two-?factor',
    'two factor',
    'second factor',
    'strong authentication',
    'one-time (?:password|code)',
    'totp',
  ],
  sso: [
    'sso',
    'single sign-?on',
    'saml2?',
    'shibboleth',
    'federated (?:identity|authentication|login)',
    'oauth2?',
    'openid',
    'oidc',
    'identity provider',
    'idp',
  ],
  encrypt_rest: [
    'at rest',
    'encrypted (?:storage|volumes?|disks?|databases?)',
    'storage encryption',
    'disk encryption',
    'kms',
  ],
  encrypt_transit: [
    'in transit',
    'tls(?: ?1\\.[23])?',
    'ssl',
    'https',
    'transport layer security',
    'in motion',
    'over the wire',
    'in transport',
    'in flight',
  ],
  encrypt: ['encrypt\\w*', 'cryptograph\\w*', 'cipher\\w*'],
  pentest: ['penetration test\\w*', 'pen ?tests?', 'pentest\\w*', 'ethical hack\\w*', 'red team\\w*'],
  // A bug bounty pays outsiders for findings; a penetration test is commissioned work: evidence of one is not the other.
  bugbounty: ['bug bount(?:y|ies)', 'bugcrowd', 'hackerone', 'vulnerability rewards?'],
  // Physical media are a practice of their own: cloud snapshots copied to another region are not tapes moved off site.
  physicalmedia: [
    'physical (?:backups?|media|tapes?|copies)',
    'backup tapes?',
    'tapes?',
    'physically (?:moved|transported|shipped|taken|stored)',
    'removable media',
  ],
  vulnscan: [
    'vulnerability (?:scan\\w*|assessment\\w*|testing|management)',
    'vulnerabilit(?:y|ies) scans?',
    'scan(?:s|ned|ning)? for (?:\\w+ )?vulnerabilit(?:y|ies)',
    'dast',
    'sast',
    'static (?:code )?analysis',
    'dynamic (?:code )?(?:analysis|scanning)',
  ],
  bcp: [
    'business continuity',
    'business disruptions?',
    'bcp',
    'bc/?dr',
    'continuity plan\\w*',
    'operational resilien\\w*',
    'business resilien\\w*',
  ],
  drp: [
    'disaster (?:recovery|response)',
    'drp',
    'dr (?:plan|test\\w*|exercise\\w*)',
    'failover',
    'recovery site',
    'bc/?dr',
  ],
  rto: ['rto', 'recovery time objective'],
  rpo: ['rpo', 'recovery point objective'],
  sdlc: [
    'sdlc',
    'software development (?:life ?cycle|lifecycle|process)',
    'secure (?:software )?development',
    'development life ?cycle',
    'secure coding',
    'code reviews?',
  ],
  soc2: ['soc ?2', 'soc ?ii', 'ssae ?-?18', 'soc ?3', 'trust services criteria'],
  iso27001: ['iso(?:/iec)? ?27001', '27001', 'isms', 'information security management system'],
  incident: ['incident response', 'incident management', 'security incidents?', 'incident handling', 'breach(?:es)?'],
  // A SIEM holds logs, and is a thing of its own: a sentence on logs names none.
  logging: ['audit (?:logs?|trails?)', 'logging', 'logs?(?![- ]?(?:out|off|in|on)\\b)', 'siem'],
  siem: ['siems?', 'security information and event management'],
  monitoring: ['monitor\\w*', 'alert\\w*', 'pagerduty', '24x7(?:x365)?', '24/7'],
  backup: ['backups?', 'back(?:ed)? up', 'snapshots?', 'replicat\\w*'],
  accessreview: [
    'access reviews?',
    'user access reviews?',
    'recertif\\w*',
    'entitlement reviews?',
    'access is reviewed',
  ],
  leastpriv: ['role-?based', 'rbac', 'abac', 'least privilege', 'need-?to-?know', 'principle of least'],
  training: ['security awareness', 'awareness training', 'security training', 'trained', 'training'],
  screening: [
    'background (?:checks?|screenings?|investigations?)',
    'criminal (?:background|history)',
    'pre-?employment screening',
    'screened',
  ],
  // A web application firewall filters requests to an application: a sentence about network firewalls names none.
  waf: ['wafs?', 'web application firewalls?'],
  firewall: ['(?<!web application )firewalls?', 'security groups?', 'stateful (?:packet )?inspection'],
  // Detection alerts, prevention blocks: a sentence on one says nothing of the other ("IDS/IPS" names both).
  ids: ['ids', 'intrusion detection', 'guardduty'],
  ips: ['ips', 'intrusion prevention'],
  malware: ['anti-?virus', 'anti-?malware', 'malware', 'endpoint (?:protection|detection)', 'edr', 'virus'],
  thirdparty: [
    'third[- ]part(?:y|ies)',
    'vendors?',
    'sub-?processors?',
    'suppliers?',
    'service providers?',
    'subcontractors?',
    // "never sold to anyone", "not shared with anybody": every party, third parties among them (not "anyone who ...",
    // "anyone at the branch": a party narrowed).
    '(?:to|with) (?:anyone|anybody)\\b(?!\\s+(?:who|that|which|whose|at|in|on|from|inside|within))',
  ],
  change: ['change management', 'change control', 'change requests?', 'changes are (?:reviewed|approved|tested)'],
  risk: ['risk assessments?', 'risk management', 'risk analys[ie]s', 'risk register', 'risk-based'],
  // Laws (GDPR, FERPA, COPPA) are names the evidence must use: a sentence on privacy does not say one applies.
  privacy: ['privacy', 'personal (?:data|information)', 'pii', 'personally identifiable'],
  cloudhost: [
    'aws',
    'amazon web services',
    'azure',
    'gcp',
    'google cloud',
    'cloud providers?',
    'hosting providers?',
    'iaas',
  ],
  datacenter: ['data ?cent(?:er|re)s?', 'colocation', 'co-location'],
  segmentation: ['segment\\w*', 'segregat\\w*', 'isolat\\w*', 'vpcs?', 'subnets?', 'logically separated'],
  password: ['passwords?', 'passphrases?'],
  keymgmt: ['key management', 'kms', 'encryption keys?', 'key rotation', 'hsm', 'cryptographic keys?'],
  patch: ['patch\\w*', 'security updates?', 'updates? (?:are|is) applied'],
  session: [
    'session (?:timeout|expir\\w*|logout)',
    'inactivity',
    'idle',
    'automatic(?:ally)? log(?:s|ged)?[- ]?(?:out|off)',
    'lock(?:s|ed)? the session',
  ],
  audit: [
    'audit\\w*',
    'attestation',
    'independent(?:ly)? (?:assess\\w*|review\\w*|audit\\w*)',
    '(?<!self-)certif(?!icates?\\b)\\w*',
  ],
  // "Retain an external team" is not data retention: only retaining things that hold data counts.
  // "Kept for 400 days" states a retention period as "retained for" does ("stored for" keeps its verb: it says where).
  retention: [
    'retention',
    'retained',
    'retain(?:s|ing)? (?:data|logs?|records?|backups?|copies|information|content)',
    '(?:kept|held) for (?:up to |at least |a minimum of )?(?:\\d+|a|one|two|three|six|twelve) (?:days?|weeks?|months?|years?)',
  ],
  // Deleting data on purpose; "protect data from disclosure, modification or destruction" names a threat, not a practice.
  disposal: [
    'dele(?:te|tion|ted)',
    'destr(?:oy|oyed|uction) of (?:data|media|records|information|customer)',
    '(?:data|media|records) (?:is|are) destroyed',
    'purg\\w*',
    'dispos(?:al|ed|e) of',
    'secure(?:ly)? dispos\\w*',
    'sanitiz\\w*',
    'wip(?:e|ed|ing)',
    'crypto-?shred\\w*',
  ],
  // Traffic inside the vendor's own network is a scope of its own: encryption "between you and us" says nothing of it.
  internalnet: [
    'internal (?:networks?|traffic|communications?)',
    'private networks?',
    'firewalled (?:private )?networks?',
    'east-west',
    'service-to-service',
    'within (?:our|the|its) (?:private |internal )?(?:networks?|vpcs?|data ?cent(?:er|re)s?)',
  ],
  physical: [
    'physical (?:security|access)',
    'badges?',
    'cctv',
    'video surveillance',
    'surveillance',
    'security guards?',
    'biometric',
  ],
  // A conformance report and keyboard operation are things of their own: accessibility testing is evidence of neither.
  // A team is no officer: "our security team" names no designated CISO, nor does a CISO make a team.
  securityteam: [
    'security (?:team|staff|office|function|department|unit|organi[sz]ation)',
    'information security (?:team|staff|office|function|department|unit|organi[sz]ation)',
  ],
  securitylead: ['cisos?', 'chief (?:information )?security officers?'],
  vpat: ['vpats?', 'acrs?', 'accessibility conformance reports?', 'voluntary product accessibility templates?'],
  keyboard: ['keyboard(?:[- ]only| navigation| access\\w*| operab\\w*)?'],
  accessibility: ['accessibility', 'wcag', 'a11y', 'screen readers?', 'section 508'],
  roadmap: ['roadmaps?', 'road maps?', 'delivery timelines?', 'release plans?'],
  multitenant: ['multi-?tenan\\w*', 'shared infrastructure', 'logically separated'],
  singletenant: ['single-?tenan\\w*', 'dedicated (?:instance|environment|infrastructure|hardware)'],
  policy: ['polic(?:y|ies)', 'procedures?', 'standards?'],
  hipaa: ['hipaa', 'phi', 'protected health information', 'hitech', 'business associate'],
  pci: ['pci(?: dss)?', 'cardholder', 'credit card', 'payment card'],
  insurance: ['insurance', 'cyber (?:liability|risk|errors)', 'errors (?:&|and) omissions'],
  ddos: ['ddos', 'denial of service', 'dos'],
  mobile: ['mobile', 'ios', 'android', 'app store', 'google play'],
  api: ['apis?', 'application programming interface', 'rest api', 'lti'],
  // "endpoint detection" is #malware's: no device.
  devices: ['laptops?', 'workstations?', 'endpoints?(?! (?:detection|protection))', 'devices?', 'mdm'],
}

/** One regular expression per concept, its spellings as alternatives tried in order, each a whole word or phrase. */
export function compileConcepts(table: Readonly<Record<string, readonly string[]>>): [string, RegExp][] {
  return Object.entries(table).map(([id, forms]) => [
    `#${id}`,
    new RegExp(`(?<![a-z0-9])(?:${forms.join('|')})(?![a-z0-9])`, 'gi'),
  ])
}

const COMPILED = compileConcepts(CONCEPTS)

/**
 * The concept tokens a text mentions, and the text with those mentions blanked out: the words of "single sign-on"
 * become #sso alone, so a sentence saying "SAML" is not outscored by one repeating "sign" and "single".
 */
export function concepts(text: string, compiled = COMPILED): { ids: string[]; rest: string } {
  const ids: string[] = []
  let rest = text
  for (const [id, re] of compiled) {
    if (!text.match(re)?.some((match) => spells(re, match))) continue
    ids.push(id)
    rest = rest.replace(re, (match) => (spells(re, match) ? ' ' : match))
  }
  return { ids, rest }
}

/** Where a text spells a concept: the concept and the spelling's start and end, for each spelling. */
export function conceptSpans(text: string, compiled = COMPILED): { id: string; from: number; to: number }[] {
  return compiled.flatMap(([id, re]) =>
    [...text.matchAll(re)].flatMap((m) =>
      spells(re, m[0]) ? [{ id, from: m.index!, to: m.index! + m[0].length }] : [],
    ),
  )
}

/**
 * Capitals and a lower-case "s" are the plural of the capitals ("APIs", "IDs", "IPs"): they spell a concept only
 * when the singular does ("API" does; "ID" is no intrusion detection system, "IP" no intrusion prevention).
 */
function spells(re: RegExp, match: string): boolean {
  if (!isAcronym(match) || !match.endsWith('s')) return true
  const singular = match.slice(0, -1)
  const whole = new RegExp(re.source, 'i').exec(singular)
  return whole?.[0] === singular
}

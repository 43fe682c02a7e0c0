/** Lists introduced as a hosting provider's holdings: their items are the provider's, not the vendor's. */

const HOSTING_PROVIDER_NAME =
  /\b(?:aws|amazon web services|azure|microsoft azure|google cloud(?: platform)?|gcp|oracle cloud|cloud (?:service )?provider|hosting provider|iaas provider|data ?cent(?:er|re) provider)\b/i
const HOLDINGS =
  /\b(?:accreditations?|certifications?|certificates?|certified|attestations?|audit reports?|compliance (?:programs?|reports?))\b/i
const OWN = /\b(?:we|our|us|both)\b/i

/**
 * A list introduced as the hosting provider's accreditations ("the Amazon Web Services infrastructure on which
 * Canvas is hosted has a variety of formal accreditations. Some of the many certifications include:"). Its items
 * are the provider's, not the vendor's.
 */
export function introducesProviderHoldings(leadIn: string): boolean {
  return HOSTING_PROVIDER_NAME.test(leadIn) && HOLDINGS.test(leadIn) && !OWN.test(leadIn)
}

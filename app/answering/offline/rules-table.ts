/**
 * Every rule of the offline engine (and of the shared rules every engine passes through), in one table: its name
 * (what answers carry in `Answer.rules`), why it exists, and where it lives. `npm run bench:accuracy -- --rules`
 * prints how often each fires per set and how often the answer it decides is right. General questionnaire grammar
 * and security vocabulary only: no rule quotes a particular document's or questionnaire's wording.
 */
export interface Rule {
  name: string
  reason: string
  where: string
}

export const RULES: Rule[] = [
  // Reading evidence
  {
    name: 'evidence-yes',
    reason: "a sentence that names the question's subject states the practice: Yes",
    where: 'offline/engine.ts answerOne',
  },
  {
    name: 'negation',
    reason: 'a negation cue governs the asked words in the deciding sentence: No (capped below the flag threshold)',
    where: 'offline/polarity.ts',
  },
  {
    name: 'limit',
    reason: 'the deciding sentence states an exception or limit: Partially',
    where: 'offline/polarity.ts',
  },
  {
    name: 'plan',
    reason: 'roadmap wording: Planned, with the quarter when the text gives one',
    where: 'offline/polarity.ts',
  },
  {
    name: 'hedge',
    reason: '"generally", "where feasible": confidence lowered, flagged',
    where: 'offline/polarity.ts, offline/engine.ts',
  },
  {
    name: 'subject-own',
    reason: 'the quoted sentence names every subject itself, so it can be read alone: confidence raised',
    where: 'offline/engine.ts confidenceOf',
  },
  {
    name: 'leans-on-context',
    reason: 'the match relies on neighbouring sentences or the heading: confidence lowered',
    where: 'offline/engine.ts confidenceOf',
  },
  {
    name: 'agreement',
    reason: 'another passage says the same: confidence raised, its citation added',
    where: 'offline/engine.ts answerOne',
  },
  {
    name: 'self-contradiction',
    reason: 'close passages point different ways: flagged, both cited',
    where: 'offline/engine.ts answerOne',
  },
  {
    name: 'no-evidence',
    reason: 'no sentence passes the subject checks: left for the user',
    where: 'rules.ts noEvidenceAnswer',
  },
  // Reading the question
  {
    name: 'past-event',
    reason: 'asks whether something happened; evidence describes practices: left for the user',
    where: 'offline/scope.ts, offline/answers.ts',
  },
  {
    name: 'condition-unmet',
    reason: '"If you don\'t support X" when the evidence shows X: N/A, flagged',
    where: 'offline/scope.ts, offline/answers.ts',
  },
  {
    name: 'performed-by-provider',
    reason: '"Do you manage X?" when the evidence says a provider runs X: No, flagged',
    where: 'offline/scope.ts, offline/answers.ts',
  },
  {
    name: 'opposite-practice',
    reason: 'a bad-practice question answered from a sentence stating the opposite practice: No, flagged',
    where: 'offline/practices.ts',
  },
  {
    name: 'provider-holding',
    reason: "a hosting provider's certificates are not the vendor's: left for the user",
    where: 'retrieval/providers.ts, offline/practices.ts',
  },
  {
    name: 'subject-phrase',
    reason:
      'the noun phrase the question is about (read from its grammar) must be named by the sentence or around it: else left for the user',
    where: 'offline/subject.ts',
  },
  {
    name: 'kind-unstated',
    reason:
      'the question names a kind ("host-based", "network-based") the deciding sentence does not: flagged with that reason',
    where: 'offline/engine.ts basedQualifiers',
  },
  {
    name: 'asks-for-remarks',
    reason:
      '"any other comments?" asks for the respondent\'s own remarks, which no evidence file holds: left for the user',
    where: 'offline/subject.ts asksForRemarks',
  },
  {
    name: 'subject-never-mentioned',
    reason: 'the question is about a party the evidence never names: left for the user',
    where: 'offline/practices.ts particularSubject',
  },
  {
    name: 'data-held',
    reason: 'questions about data the product holds need a sentence saying it is stored or processed',
    where: 'offline/scope.ts asksWhichDataIsHeld',
  },
  {
    name: 'customer-actor',
    reason: '"Can the Institution ...?" needs a sentence with the customer as actor',
    where: 'offline/scope.ts asksWhatCustomerCanDo',
  },
  {
    name: 'leans-on-previous',
    reason: '"Are they reviewed?" takes its subject from the question before',
    where: 'offline/scope.ts leansOnPrevious',
  },
  {
    name: 'choice',
    reason: 'a list of things: the item the evidence names, clearly ahead of the others',
    where: 'offline/choice.ts',
  },
  // Rules every engine passes through
  {
    name: 'quote-not-verbatim',
    reason: 'a quote not found verbatim in the cited file is removed, confidence lowered',
    where: 'citations.ts enforceVerbatim',
  },
  {
    name: 'obligation',
    reason: 'the question commits the vendor (notification windows, SLAs, contracts): flagged for sign-off',
    where: 'rules.ts obligationReason',
  },
  {
    name: 'lapsed-evidence',
    reason: 'the cited audit period ended over 12 months ago or the certificate expired: flagged',
    where: 'lapsed.ts',
  },
  {
    name: 'follows-parent',
    reason: 'a row that applies only given another answer is N/A when that answer says so',
    where: 'rules.ts notApplicable',
  },
  {
    name: 'repeated-question',
    reason: 'a question asked twice gets the first answer',
    where: 'rules.ts finalizeAnswers',
  },
  // The company's earlier questionnaires
  {
    name: 'library-exact',
    reason: 'the same question (normalised text) answered before: reused, cited to its cells',
    where: 'library.ts',
  },
  {
    name: 'library-same-id',
    reason: 'the same id in the same form family, confirmed by the text: reused',
    where: 'library.ts',
  },
  {
    name: 'library-near-exact',
    reason: 'same family, nearly the same words, same subject and polarity: reused',
    where: 'library.ts',
  },
  {
    name: 'library-similar',
    reason: 'a similar question with the same subject and polarity: reused, flagged for a check',
    where: 'library.ts',
  },
  {
    name: 'library-confirmed',
    reason: 'a document agrees with the earlier answer: its citation added',
    where: 'offline/engine.ts combine',
  },
  {
    name: 'library-contradicted',
    reason: 'a document points the other way: flagged, both cited',
    where: 'offline/engine.ts combine',
  },
  {
    name: 'preexisting',
    reason: 'an answer already in the uploaded questionnaire: kept, never overwritten',
    where: 'existing.ts keepExisting',
  },
  {
    name: 'preexisting-contradicted',
    reason: 'the evidence contradicts an answer already in the questionnaire: kept, flagged',
    where: 'existing.ts keepExisting',
  },
]

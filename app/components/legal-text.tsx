/** The governing-law clause, shared word for word by /governing-law and /legal#governing-law. */
export function GoverningLawText({ headingLevel: H = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <>
      <H id="applicable-law">Applicable law</H>
      <p>
        These terms and every contract for the use of QFill are governed by the substantive law of Switzerland,
        excluding its conflict-of-law rules and the United Nations Convention on Contracts for the International Sale of
        Goods.
      </p>
      <H id="negotiation">1. Negotiation (14 days)</H>
      <p>
        A party that wants to raise a dispute sends the other a written notice describing it. The parties then negotiate
        in good faith for <strong>14 calendar days</strong> from the notice.
      </p>
      <H id="mediation">2. Mediation in Zurich</H>
      <p>
        If negotiation does not settle the dispute, either party may refer it to mediation under the{' '}
        <strong>Swiss Rules of Mediation</strong> of the Swiss Arbitration Centre. The seat of the mediation is{' '}
        <strong>Zurich</strong> and its language is <strong>English</strong>.
      </p>
      <H id="courts">3. Claims up to CHF&nbsp;30&nbsp;000: Zurich district court</H>
      <p>
        If mediation fails, claims with a value of up to <strong>CHF&nbsp;30&nbsp;000</strong> are decided by the
        district court of Zurich in summary procedure.
      </p>
      <H id="arbitration">4. Claims above CHF&nbsp;30&nbsp;000: expedited arbitration</H>
      <p>
        Claims above CHF&nbsp;30&nbsp;000 are finally decided by <strong>expedited international arbitration</strong>{' '}
        under the Swiss Rules of International Arbitration, before a <strong>single arbitrator</strong>. The seat of the
        arbitration is Zurich, the language English, and the arbitrator issues a <strong>reasoned award</strong>.
      </p>
      <H id="forum">5. Exclusive forum and enforcement</H>
      <p>
        Zurich is the exclusive forum for every dispute and for the enforcement of any judgment or award, subject only
        to mandatory law. Each party may still ask any competent court for urgent interim measures.
      </p>
    </>
  )
}

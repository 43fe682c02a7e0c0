import { describe, expect, it } from 'vitest'
import { html, text } from '../../../tests/support/render'
import { Features, HowItWorks } from './features'
import { Figures } from './figures-section'
import { PaymentConfirmation } from './payment-confirmation'

describe('home sections', () => {
  it('figures are the measured ones, each with how it was measured, in a valid definition list', () => {
    const figures = html(<Figures />)
    expect(text(figures)).toContain('of unflagged answers correct')
    expect(text(figures)).toContain('How we measured')
    expect(figures).not.toContain('98%')
    // A <dl> holds only <div> groups of <dt>/<dd> (axe: definition-list).
    const dl = /<dl[^>]*>([\s\S]*?)<\/dl>/.exec(figures)![1]!
    expect(dl.replace(/<div><dt[\s\S]*?<\/div>/g, '')).toBe('')
  })

  it('six feature cards and three steps', () => {
    expect(html(<Features />).match(/<li/g)).toHaveLength(6)
    expect(text(html(<HowItWorks />))).toMatch(/Step 1 Upload.*Step 2 Review what is flagged.*Step 3 Download/)
  })

  it('after a card payment: success only when our records confirm it', () => {
    const at = (state: 'paid' | 'pending' | 'unconfirmed') =>
      text(
        html(
          <PaymentConfirmation
            payment={
              state === 'unconfirmed'
                ? { state, questionnaire: 'abc' }
                : { state, questionnaire: 'abc', fileName: 'vendor.xlsx' }
            }
          />,
        ),
      )
    expect(at('paid')).toContain('Payment Successful! vendor.xlsx is paid for')
    expect(at('pending')).toMatch(/^Confirming your payment/)
    expect(at('unconfirmed')).toMatch(/^Payment not confirmed We have no payment for questionnaire abc/)
    expect(at('unconfirmed')).not.toContain('Payment Successful')
  })
})

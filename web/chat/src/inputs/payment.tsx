// Payment: this widget has no payment form yet (Stripe Elements would outweigh the whole widget), so it says so
// plainly instead of showing a form that cannot work. The server accepts no answer but a verified payment, so
// there is nothing to send: the visitor can only end or restart the chat.
import type { InputBlockType } from '../../../../src/contract/bot/blockTypes.js'
import { useTexts } from '../i18n/context.js'
import type { InputProps } from './types.js'

export const PaymentInput = ({ input }: InputProps<typeof InputBlockType.PAYMENT>) => {
  const { t } = useTexts()
  const amount = input.runtimeOptions?.amountLabel
  return (
    <div class="p-input p-payment" role="status">
      <svg class="p-payment-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 7a2 2 0 012-2h14a2 2 0 012 2v10a2 2 0 01-2 2H5a2 2 0 01-2-2zm0 3h18M7 15h4" />
      </svg>
      <p>
        <strong>{t('Payments are not supported in this chat yet.')}</strong>{' '}
        {amount
          ? t('This step asks for a payment of {{amount}}, which cannot be made here. Please contact the owner of this site to complete it.', {
              amount,
            })
          : t('This step asks for a payment, which cannot be made here. Please contact the owner of this site to complete it.')}
      </p>
    </div>
  )
}

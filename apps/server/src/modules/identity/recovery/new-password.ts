import { errorCodes } from '@lotus/contract';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { checkRegisterField } from '../registration/register-rules.ts';

const anyPassword = { enabled: true, required: true, acceptedPattern: '*', patternId: 0, minLength: 1, maxLength: 255 };

/**
 * A new password chosen in a recovery path: the merchant's register rule for passwords (400 naming
 * `newPassword`), and when a confirmation comes it must be equal (400 naming it). Checked before
 * anything is spent, so a typo costs the member neither their link nor their code.
 */
export function checkNewPassword(
  merchant: Pick<MerchantContext, 'config'>,
  newPassword: string,
  confirmation: { field: string; value: string | undefined },
): void {
  const field = 'newPassword';
  if (newPassword === '')
    throw new AppError(400, errorCodes.validation, { field, messageKey: 'register.field.required', params: { field } });
  // A merchant without a password rule still gets the control-character check of an enabled one.
  const rule = merchant.config.registerRules.password;
  const violation = checkRegisterField('password', newPassword, rule?.enabled ? rule : { ...anyPassword }, {
    isSecret: true,
  });
  if (violation)
    throw new AppError(400, errorCodes.validation, {
      field,
      messageKey: violation.messageKey,
      params: { ...violation.params, field },
    });
  if (confirmation.value !== undefined && confirmation.value !== newPassword) {
    throw new AppError(400, errorCodes.validation, {
      field: confirmation.field,
      messageKey: 'register.password.mismatch',
    });
  }
}

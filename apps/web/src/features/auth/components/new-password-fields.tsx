import type { RegisterFieldRule } from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { checkConfirmation, checkRule } from '../register-rules';
import { RuleField } from './rule-field';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/** The new password under the merchant's rule and its confirmation: the messages to show, none when both pass. */
export function checkNewPassword(values: NewPasswordValues, rule: RegisterFieldRule, t: TFunction): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const passwordError = checkRule(values.newPassword, rule, t('forgot_new_password'), t, { isSecret: true });
  if (passwordError) errors.newPassword = passwordError;
  const confirmationError = checkConfirmation(
    values.confirmPassword,
    values.newPassword,
    t('register_field_confirmPassword'),
    t,
  );
  if (confirmationError) errors.confirmPassword = confirmationError;
  return errors;
}

interface NewPasswordFieldsProps {
  /** Prefixes the inputs' ids (`${idPrefix}-newPassword`). */
  idPrefix: string;
  rule: RegisterFieldRule;
  values: NewPasswordValues;
  errors: NewPasswordErrors;
  onChange: (name: keyof NewPasswordValues, value: string) => void;
}

/** A password recovery's new password (its rule in a hover bubble) and its confirmation (no rule of its own). */
export function NewPasswordFields({ idPrefix, rule, values, errors, onChange }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <RuleField
        id={`${idPrefix}-newPassword`}
        name="newPassword"
        label={t('forgot_new_password')}
        rule={rule}
        value={values.newPassword}
        onChange={(value) => onChange('newPassword', value)}
        error={errors.newPassword}
        type="password"
        autoComplete="new-password"
        hasHoverHint
      />
      <RuleField
        id={`${idPrefix}-confirmPassword`}
        name="confirmPassword"
        label={t('register_field_confirmPassword')}
        rule={rule}
        value={values.confirmPassword}
        onChange={(value) => onChange('confirmPassword', value)}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        hasRuleHint={false}
      />
    </>
  );
}

import { bonusWithdrawalRules, type AdminBonusSettings, type BonusWithdrawalRule } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Field, Panel } from '../../components/bits';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { bonusSettingsQuery, promotionKeys, saveBonusSettings } from './api';

/**
 * The brand's bonus rules (`promotions.manage`): what a withdrawal does while a bonus's turnover is
 * unmet (refused, or allowed with the bonuses forfeited), and the balance under which they are forfeited.
 */
export function BonusRulesPanel() {
  const { t } = useTranslation();
  const settings = useQuery(bonusSettingsQuery());
  return (
    <Panel title={t('promotions_bonus_rules')}>
      <ErrorNote error={settings.error} />
      {settings.data ? <BonusRulesForm key={JSON.stringify(settings.data)} settings={settings.data} /> : null}
    </Panel>
  );
}

function BonusRulesForm({ settings }: { settings: AdminBonusSettings }) {
  const { t } = useTranslation();
  const id = useId();
  const [rule, setRule] = useState<BonusWithdrawalRule>(settings.withdrawalRule);
  const [below, setBelow] = useState(settings.forfeitBelow ?? '');
  const save = useMutation({
    mutationFn: () =>
      saveBonusSettings({ withdrawalRule: rule, forfeitBelow: below.trim() === '' ? null : below.trim() }),
    onSuccess: async () => {
      showToast(t('promotions_bonus_rules_saved'));
      await queryClient.invalidateQueries({ queryKey: promotionKeys.of('bonus-settings') });
    },
  });
  const belowError =
    save.error instanceof ApiError && save.error.field === 'forfeitBelow' ? save.error.message : undefined;
  return (
    <form
      className="form bonus-rules"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Field label={t('promotions_bonus_withdrawal_rule')} htmlFor={`${id}-rule`}>
        <select id={`${id}-rule`} value={rule} onChange={(event) => setRule(event.target.value as BonusWithdrawalRule)}>
          {bonusWithdrawalRules.map((option) => (
            <option key={option} value={option}>
              {t(`promotions_bonus_rule_${option}`)}
            </option>
          ))}
        </select>
      </Field>
      <p className="muted">{t(`promotions_bonus_rule_${rule}_hint`)}</p>
      <Field
        label={t('promotions_bonus_forfeit_below')}
        hint={t('promotions_bonus_forfeit_below_hint')}
        error={belowError}
        htmlFor={`${id}-below`}
      >
        <input
          id={`${id}-below`}
          inputMode="decimal"
          value={below}
          aria-invalid={belowError !== undefined}
          onChange={(event) => setBelow(event.target.value)}
        />
      </Field>
      {save.error && !belowError ? <ErrorNote error={save.error} /> : null}
      <button type="submit" className="button is-primary" disabled={save.isPending}>
        {t('promotions_bonus_rules_save')}
      </button>
    </form>
  );
}

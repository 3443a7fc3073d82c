import { memberReasonBodySchema, type MemberProfile, type MemberStatusAction } from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { memberKeys } from './api';
import { changeStatus, memberDeskKeys, resetPassword, resetTwoFactor } from './desk-api';

/** The status changes that make sense from the member's present state. */
function actionsFor(profile: MemberProfile): MemberStatusAction[] {
  const { status, loginForbidden, gamesForbidden } = profile.restrictions;
  return [
    ...(status === 'active' ? (['lock'] as const) : []),
    ...(status === 'locked' ? (['unlock'] as const) : []),
    ...(status === 'closed' ? (['reopen'] as const) : (['close'] as const)),
    loginForbidden ? 'allowLogin' : 'forbidLogin',
    gamesForbidden ? 'allowGames' : 'forbidGames',
  ];
}

/** Actions that shut the member out: their sessions end at once. */
const shutsOut = new Set<MemberStatusAction>(['lock', 'close', 'forbidLogin']);

type Open = null | 'status' | 'password' | 'twoFactor';

/** The operator's changes to a member (`members.manage`): status, password and two-factor resets, each with a reason. */
export function MemberActions({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen('status')}>
        {t('members_status_open')}
      </button>
      <button type="button" className="button" onClick={() => setOpen('password')}>
        {t('members_password_reset')}
      </button>
      {profile.profile.twoFactorEnabled ? (
        <button type="button" className="button" onClick={() => setOpen('twoFactor')}>
          {t('members_two_factor_reset')}
        </button>
      ) : null}
      {open === 'status' ? <StatusDialog profile={profile} onClose={() => setOpen(null)} /> : null}
      {open === 'password' || open === 'twoFactor' ? (
        <ReasonDialog
          kind={open}
          profile={profile}
          onClose={() => setOpen(null)}
          onPassword={(password) => setTemporaryPassword(password)}
        />
      ) : null}
      <Dialog
        title={t('members_password_shown_title')}
        isOpen={temporaryPassword !== null}
        onClose={() => setTemporaryPassword(null)}
        footer={
          <button type="button" className="button is-primary" onClick={() => setTemporaryPassword(null)}>
            {t('members_password_shown_done')}
          </button>
        }
      >
        <p>{t('members_password_shown_text', { username: profile.member.username })}</p>
        <p className="temporary-password" data-testid="temporary-password">
          <code>{temporaryPassword}</code>
        </p>
      </Dialog>
    </>
  );
}

async function refresh(memberId: string) {
  await queryClient.invalidateQueries({ queryKey: memberDeskKeys.of(memberId) });
  await queryClient.invalidateQueries({ queryKey: memberKeys.all });
}

function ReasonField({ value, onChange }: { value: string; onChange: (reason: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const isValid = memberReasonBodySchema.shape.reason.safeParse(value).success;
  return (
    <Field label={t('members_reason')} htmlFor={id} hint={t('members_reason_hint')} error={undefined}>
      <textarea
        id={id}
        rows={3}
        maxLength={200}
        value={value}
        aria-invalid={value !== '' && !isValid}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

const isReasonValid = (reason: string) => memberReasonBodySchema.shape.reason.safeParse(reason).success;

/** Choose a status change and say why; the version read with the page goes along (409 when another operator was first). */
function StatusDialog({ profile, onClose }: { profile: MemberProfile; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = actionsFor(profile);
  const [action, setAction] = useState<MemberStatusAction>(actions[0]!);
  const [reason, setReason] = useState('');
  const selectId = useId();
  const mutation = useMutation({
    mutationFn: () => changeStatus(profile.member.id, { action, reason: reason.trim(), version: profile.deskVersion }),
    onSuccess: async (value) => {
      showToast(t('members_status_done', { count: value.sessionsEnded }));
      await refresh(profile.member.id);
      onClose();
    },
    onError: () => void refresh(profile.member.id),
  });
  return (
    <ConfirmDialog
      title={t('members_status_title', { username: profile.member.username })}
      isOpen
      onCancel={onClose}
      onConfirm={() => mutation.mutate()}
      confirmLabel={t(`members_action_${action}`)}
      tone={shutsOut.has(action) ? 'danger' : 'primary'}
      isPending={mutation.isPending}
      isConfirmDisabled={!isReasonValid(reason)}
      error={mutation.error}
    >
      <Field label={t('members_status_action')} htmlFor={selectId}>
        <select id={selectId} value={action} onChange={(event) => setAction(event.target.value as MemberStatusAction)}>
          {actions.map((name) => (
            <option key={name} value={name}>
              {t(`members_action_${name}`)}
            </option>
          ))}
        </select>
      </Field>
      {shutsOut.has(action) ? <p className="field-hint">{t('members_status_ends_sessions')}</p> : null}
      <ReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

/** Password or two-factor reset, with a reason. The new password comes back once, to be shown. */
function ReasonDialog({
  kind,
  profile,
  onClose,
  onPassword,
}: {
  kind: 'password' | 'twoFactor';
  profile: MemberProfile;
  onClose: () => void;
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const memberId = profile.member.id;
  const mutation = useMutation({
    mutationFn: async () => {
      if (kind === 'password') onPassword((await resetPassword(memberId, reason.trim())).temporaryPassword);
      else await resetTwoFactor(memberId, reason.trim());
    },
    onSuccess: async () => {
      if (kind === 'twoFactor') showToast(t('members_two_factor_done'));
      await refresh(memberId);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t(kind === 'password' ? 'members_password_reset_title' : 'members_two_factor_reset_title', {
        username: profile.member.username,
      })}
      isOpen
      onCancel={onClose}
      onConfirm={() => mutation.mutate()}
      confirmLabel={t(kind === 'password' ? 'members_password_reset' : 'members_two_factor_reset')}
      tone="danger"
      isPending={mutation.isPending}
      isConfirmDisabled={!isReasonValid(reason)}
      error={mutation.error}
    >
      <p>{t(kind === 'password' ? 'members_password_reset_text' : 'members_two_factor_reset_text')}</p>
      <ReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

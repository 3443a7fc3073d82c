import {
  createOperatorBodySchema,
  setRefusalFieldError,
  type CreateOperatorBody,
  type Operator,
  type OperatorRole,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, DateTime, ErrorNote, Field, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { useMe } from '../auth/api';
import { ipLines, roleLabel, setOperatorIpAllowList } from '../roles/api';
import {
  changeOperatorRole,
  createOperator,
  operatorKeys,
  operatorsQuery,
  resetOperatorTotp,
  setOperatorStatus,
} from './api';

/** The built-ins with a help text (custom roles are described by their permissions on the Roles page). */
const helpedRoles = ['admin', 'finance', 'support'] as const;
type RoleChoice = { code: string; nameTh: string; nameEn: string };
type PendingAction = { kind: 'disable' | 'enable' | 'reset'; operator: Operator } | null;

/** Operators of the merchant (admins only): create with a role, change the role, disable or enable, reset the authenticator. */
export function OperatorsPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [isCreating, setCreating] = useState(false);
  const [pending, setPending] = useState<PendingAction>(null);
  const [roleTarget, setRoleTarget] = useState<Operator | null>(null);
  const [ipTarget, setIpTarget] = useState<Operator | null>(null);
  const operators = useQuery(operatorsQuery());
  const roles = operators.data?.roles ?? [];
  const nameOf = (code: string) => roleLabel(roles, code, i18n.language);
  const action = useMutation({
    mutationFn: async (request: NonNullable<PendingAction>) => {
      const operatorId = request.operator.id;
      if (request.kind === 'reset') return resetOperatorTotp(operatorId);
      return setOperatorStatus(operatorId, request.kind === 'disable' ? 'disabled' : 'active');
    },
    onSuccess: async (operator, request) => {
      showToast(t(`operators_done_${request.kind}`, { username: operator.username }));
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    },
  });
  const selfId = me.data?.operator.id;
  const columns: Column<Operator>[] = [
    {
      key: 'username',
      header: t('operators_username'),
      render: (row) => (
        <span className="cell-stack">
          <strong>{row.username}</strong>
          {row.id === selfId ? <span className="muted">{t('operators_you')}</span> : null}
        </span>
      ),
    },
    { key: 'role', header: t('operators_role'), render: (row) => <Badge tone="info">{nameOf(row.role)}</Badge> },
    {
      key: 'status',
      header: t('operators_status'),
      render: (row) => (
        <Badge tone={row.status === 'active' ? 'good' : 'bad'}>{t(`operator_status_${row.status}`)}</Badge>
      ),
    },
    {
      key: 'totp',
      header: t('operators_totp'),
      render: (row) => (
        <Badge tone={row.totpEnrolled ? 'good' : 'warn'}>
          {row.totpEnrolled ? t('operators_totp_on') : t('operators_totp_pending')}
        </Badge>
      ),
    },
    { key: 'created', header: t('operators_created'), render: (row) => <DateTime value={row.createdAt} /> },
    {
      key: 'actions',
      header: t('actions'),
      render: (row) =>
        row.id === selfId ? (
          <span className="muted">—</span>
        ) : (
          <span className="row-actions">
            <button type="button" className="button is-small is-ghost" onClick={() => setRoleTarget(row)}>
              {t('operators_change_role')}
            </button>
            <button type="button" className="button is-small is-ghost" onClick={() => setIpTarget(row)}>
              {t('roles_operator_ip')}
              {row.ipAllowList.length > 0 ? ` (${row.ipAllowList.length})` : ''}
            </button>
            <button
              type="button"
              className={row.status === 'active' ? 'button is-small is-danger-ghost' : 'button is-small is-ghost'}
              onClick={() => setPending({ kind: row.status === 'active' ? 'disable' : 'enable', operator: row })}
            >
              {row.status === 'active' ? t('operators_disable') : t('operators_enable')}
            </button>
            {row.totpEnrolled ? (
              <button
                type="button"
                className="button is-small is-ghost"
                onClick={() => setPending({ kind: 'reset', operator: row })}
              >
                {t('operators_reset_totp')}
              </button>
            ) : null}
          </span>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('operators_title')}
        subtitle={t('operators_subtitle')}
        actions={
          <button type="button" className="button is-primary" onClick={() => setCreating(true)}>
            {t('operators_create')}
          </button>
        }
      />
      <Panel>
        <ErrorNote error={operators.error} />
        <DataTable
          caption={t('operators_title')}
          columns={columns}
          rows={operators.data?.items}
          rowKey={(row) => row.id}
          isLoading={operators.isLoading}
        />
      </Panel>
      <RolesHelp />
      <CreateOperatorDialog isOpen={isCreating} onClose={() => setCreating(false)} roles={roles} />
      <ChangeRoleDialog operator={roleTarget} onClose={() => setRoleTarget(null)} roles={roles} />
      {ipTarget ? <IpAllowListDialog key={ipTarget.id} operator={ipTarget} onClose={() => setIpTarget(null)} /> : null}
      <Dialog
        title={pending ? t(`operators_confirm_${pending.kind}_title`, { username: pending.operator.username }) : ''}
        isOpen={pending !== null}
        onClose={() => {
          setPending(null);
          action.reset();
        }}
        footer={
          <>
            <button type="button" className="button is-ghost" onClick={() => setPending(null)}>
              {t('cancel')}
            </button>
            <button
              type="button"
              className={pending?.kind === 'enable' ? 'button is-primary' : 'button is-danger'}
              disabled={action.isPending}
              onClick={() => pending && action.mutate(pending)}
            >
              {action.isPending ? t('working') : t('confirm')}
            </button>
          </>
        }
      >
        {pending ? <p>{t(`operators_confirm_${pending.kind}_text`, { username: pending.operator.username })}</p> : null}
        <ErrorNote error={action.error} />
      </Dialog>
    </>
  );
}

function RolesHelp() {
  const { t } = useTranslation();
  return (
    <Panel title={t('operators_roles_title')} className="is-subtle">
      <ul className="role-help">
        {helpedRoles.map((role) => (
          <li key={role}>
            <Badge tone="info">{t(`role_${role}`)}</Badge> <span className="muted">{t(`role_${role}_help`)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The contract's new operator (its name and password rules), the name as typed with spaces around it dropped. */
const createOperatorFormSchema = createOperatorBodySchema.extend({
  username: z.string().trim().pipe(createOperatorBodySchema.shape.username),
});

function CreateOperatorDialog({
  isOpen,
  onClose,
  roles,
}: {
  isOpen: boolean;
  onClose: () => void;
  roles: RoleChoice[];
}) {
  const { t, i18n } = useTranslation();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isValid },
  } = useZodForm(createOperatorFormSchema, {
    // Checked as typed; a field's message shows once something is typed in it.
    mode: 'onChange',
    defaultValues: { username: '', password: '', role: 'support' },
  });
  const [username, password, role] = watch(['username', 'password', 'role']);
  const mutation = useMutation({
    mutationFn: (body: CreateOperatorBody) => createOperator(body),
    onSuccess: async (operator) => {
      showToast(t('operators_created_toast', { username: operator.username }));
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      close();
    },
    // A name already taken (field `username`) goes under the name.
    onError: (error) => setRefusalFieldError(error, setError, ['username', 'password']),
  });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };
  const messageOf = (name: 'username' | 'password', value: string, ruleKey: string) => {
    const error = errors[name];
    if (error?.type === 'server') return error.message;
    return value && error ? t(ruleKey) : undefined;
  };
  const isRefusalPlaced = errors.username?.type === 'server' || errors.password?.type === 'server';
  const submit = (body: CreateOperatorBody) => mutation.mutate(body);
  return (
    <Dialog title={t('operators_create')} isOpen={isOpen} onClose={close}>
      <form className="form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
        <Field
          label={t('operators_username')}
          htmlFor="new-operator-username"
          hint={t('operators_username_hint')}
          error={messageOf('username', username, 'operators_username_hint')}
        >
          <input id="new-operator-username" autoComplete="off" maxLength={32} {...register('username')} />
        </Field>
        <Field
          label={t('operators_password')}
          htmlFor="new-operator-password"
          hint={t('operators_password_hint')}
          error={messageOf('password', password, 'operators_password_hint')}
        >
          <input
            id="new-operator-password"
            type="password"
            autoComplete="new-password"
            maxLength={createOperatorBodySchema.shape.password.maxLength ?? 128}
            {...register('password')}
          />
        </Field>
        <Field
          label={t('operators_role')}
          htmlFor="new-operator-role"
          hint={t(`role_${role}_help`, { defaultValue: '' })}
        >
          <select id="new-operator-role" {...register('role')}>
            {roles.map((value) => (
              <option key={value.code} value={value.code}>
                {roleLabel(roles, value.code, i18n.language)}
              </option>
            ))}
          </select>
        </Field>
        {isRefusalPlaced ? null : <ErrorNote error={mutation.error} />}
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={close}>
            {t('cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={!isValid || mutation.isPending}>
            {mutation.isPending ? t('working') : t('operators_create_submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Another operator's role. Their sessions go on; what they may do follows the new role at their next
 * call (the server reads the role on every call). Audited with the role before and after.
 */
function ChangeRoleDialog({
  operator,
  onClose,
  roles,
}: {
  operator: Operator | null;
  onClose: () => void;
  roles: RoleChoice[];
}) {
  const { t, i18n } = useTranslation();
  const nameOf = (code: string) => roleLabel(roles, code, i18n.language);
  const [chosen, setChosen] = useState<OperatorRole | null>(null);
  const role = chosen ?? operator?.role ?? 'support';
  const mutation = useMutation({
    mutationFn: (target: Operator) => changeOperatorRole(target.id, role),
    onSuccess: async (updated) => {
      showToast(t('operators_done_role', { username: updated.username, role: nameOf(updated.role) }));
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      close();
    },
  });
  const close = () => {
    setChosen(null);
    mutation.reset();
    onClose();
  };
  const isUnchanged = operator !== null && role === operator.role;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (operator && !isUnchanged) mutation.mutate(operator);
  };
  return (
    <Dialog
      title={operator ? t('operators_role_title', { username: operator.username }) : ''}
      isOpen={operator !== null}
      onClose={close}
    >
      {operator ? (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted">
            {t('operators_role_text', { username: operator.username, role: nameOf(operator.role) })}
          </p>
          <Field
            label={t('operators_role_new')}
            htmlFor="operator-new-role"
            hint={t(`role_${role}_help`, { defaultValue: '' })}
          >
            <select
              id="operator-new-role"
              value={role}
              onChange={(event) => setChosen(event.target.value as OperatorRole)}
            >
              {roles.map((value) => (
                <option key={value.code} value={value.code}>
                  {nameOf(value.code)}
                </option>
              ))}
            </select>
          </Field>
          <ErrorNote error={mutation.error} />
          <div className="form-actions">
            <button type="button" className="button is-ghost" onClick={close}>
              {t('cancel')}
            </button>
            <button type="submit" className="button is-primary" disabled={isUnchanged || mutation.isPending}>
              {mutation.isPending ? t('working') : t('operators_role_submit')}
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}

/** An operator's own IP allow-list (both it and the role's must allow an address; empty = anywhere). */
function IpAllowListDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(operator.ipAllowList.join('\n'));
  const mutation = useMutation({
    mutationFn: () => setOperatorIpAllowList(operator.id, ipLines(text), operator.version),
    onSuccess: async () => {
      showToast(t('roles_operator_ip_saved'));
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <Dialog title={t('roles_operator_ip_title', { name: operator.username })} isOpen onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('roles_ip_allow_list')} htmlFor="operator-ip" hint={t('roles_ip_allow_list_hint')}>
          <textarea id="operator-ip" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        </Field>
        <ErrorNote error={mutation.error} />
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('working') : t('save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

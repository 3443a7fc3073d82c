import { operatorPermissions, permissionAreas, type OperatorPermission, type Role } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, ErrorNote, Field, PageHeader, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useMe } from '../auth/api';
import { createRole, deleteRole, ipLines, roleKeys, roleLabel, rolesQuery, updateRole } from './api';
import './roles.css';

/** `members.read` as the key of its label: `roles_perm_members_read`. */
export const permissionLabelKey = (permission: OperatorPermission) => `roles_perm_${permission.replace(/\./g, '_')}`;

type Editing = { role: Role | null; isReadOnly: boolean } | null;

/** The merchant's roles (`roles.manage`): built-ins to read, the merchant's own to create, edit and delete. */
export function RolesPage() {
  const { t, i18n } = useTranslation();
  const roles = useQuery(rolesQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const removal = useMutation({
    mutationFn: (role: Role) => deleteRole(role.code),
    onSuccess: async () => {
      showToast(t('roles_deleted'));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: t('roles_title'),
      render: (row) => (
        <span className="cell-stack">
          <strong>{roleLabel([row], row.code, i18n.language)}</strong>
          <span className="muted">{row.code}</span>
        </span>
      ),
    },
    {
      key: 'kind',
      header: t('roles_custom'),
      render: (row) => (
        <Badge tone={row.builtin ? 'neutral' : 'info'}>{row.builtin ? t('roles_builtin') : t('roles_custom')}</Badge>
      ),
    },
    { key: 'permissions', header: t('roles_permissions'), render: (row) => row.permissions.length },
    { key: 'operators', header: t('roles_operators'), render: (row) => row.operators },
    {
      key: 'ip',
      header: t('roles_ip_allow_list'),
      render: (row) => (row.ipAllowList.length === 0 ? t('roles_anywhere') : row.ipAllowList.join(', ')),
    },
    {
      key: 'actions',
      header: t('actions'),
      render: (row) => (
        <span className="row-actions">
          <button
            type="button"
            className="button is-small is-ghost"
            onClick={() => setEditing({ role: row, isReadOnly: row.builtin })}
          >
            {row.builtin ? t('roles_view') : t('roles_edit')}
          </button>
          {row.builtin ? null : (
            <button type="button" className="button is-small is-danger-ghost" onClick={() => setDeleting(row)}>
              {t('roles_delete')}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('roles_title')}
        subtitle={t('roles_subtitle')}
        actions={
          <button
            type="button"
            className="button is-primary"
            onClick={() => setEditing({ role: null, isReadOnly: false })}
          >
            {t('roles_new')}
          </button>
        }
      />
      <Panel>
        <ErrorNote error={roles.error} />
        <DataTable
          caption={t('roles_title')}
          columns={columns}
          rows={roles.data?.items}
          rowKey={(row) => row.code}
          isLoading={roles.isLoading}
        />
      </Panel>
      {editing ? (
        <RoleEditor
          key={editing.role?.code ?? 'new'}
          role={editing.role}
          isReadOnly={editing.isReadOnly}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        title={t('roles_delete')}
        isOpen={deleting !== null}
        onCancel={() => {
          setDeleting(null);
          removal.reset();
        }}
        onConfirm={() => deleting && removal.mutate(deleting)}
        confirmLabel={t('roles_delete')}
        tone="danger"
        isPending={removal.isPending}
        error={removal.error}
      >
        <p>
          {deleting ? t('roles_delete_confirm', { name: roleLabel([deleting], deleting.code, i18n.language) }) : ''}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** A role's form: names, permissions grouped by area (checkboxes), IP allow-list, timeouts. */
function RoleEditor({ role, isReadOnly, onClose }: { role: Role | null; isReadOnly: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(role?.code ?? '');
  const [nameTh, setNameTh] = useState(role?.nameTh ?? '');
  const [nameEn, setNameEn] = useState(role?.nameEn ?? '');
  const [permissions, setPermissions] = useState<Set<OperatorPermission>>(new Set(role?.permissions ?? []));
  // The server refuses a permission the operator does not hold unless the role has it already (which
  // may stay, or go), so those are not offered.
  const held = new Set(useMe().data?.permissions ?? []);
  const mayChoose = (permission: OperatorPermission) => held.has(permission) || role?.permissions.includes(permission);
  const [ipText, setIpText] = useState((role?.ipAllowList ?? []).join('\n'));
  const [idleMinutes, setIdleMinutes] = useState(String(role?.idleMinutes ?? 30));
  const [absoluteHours, setAbsoluteHours] = useState(String(role?.absoluteHours ?? 12));
  const mutation = useMutation({
    mutationFn: () => {
      const fields = {
        nameTh: nameTh.trim(),
        nameEn: nameEn.trim(),
        // In the contract's order, so the audit's before and after compare line by line.
        permissions: operatorPermissions.filter((permission) => permissions.has(permission)),
        ipAllowList: ipLines(ipText),
        idleMinutes: Number(idleMinutes),
        absoluteHours: Number(absoluteHours),
      };
      return role ? updateRole(role.code, { ...fields, version: role.version }) : createRole({ ...fields, code });
    },
    onSuccess: async () => {
      showToast(t('roles_saved'));
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      onClose();
    },
  });
  const toggle = (permission: OperatorPermission) =>
    setPermissions((current) => {
      const next = new Set(current);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isReadOnly) mutation.mutate();
  };
  const title = role === null ? t('roles_new') : isReadOnly ? role.nameEn : t('roles_edit');
  return (
    <Dialog title={title} isOpen onClose={onClose}>
      <form className="form role-editor" onSubmit={submit} noValidate>
        <fieldset disabled={isReadOnly} className="role-editor-fields">
          {role === null ? (
            <Field label={t('roles_code')} htmlFor="role-code">
              <input id="role-code" value={code} maxLength={32} onChange={(event) => setCode(event.target.value)} />
            </Field>
          ) : null}
          <Field label={t('roles_name_th')} htmlFor="role-name-th">
            <input
              id="role-name-th"
              value={nameTh}
              maxLength={60}
              onChange={(event) => setNameTh(event.target.value)}
            />
          </Field>
          <Field label={t('roles_name_en')} htmlFor="role-name-en">
            <input
              id="role-name-en"
              value={nameEn}
              maxLength={60}
              onChange={(event) => setNameEn(event.target.value)}
            />
          </Field>
          {Object.entries(permissionAreas).map(([area, list]) => (
            <fieldset key={area} className="permission-area">
              <legend>{t(`roles_area_${area}`)}</legend>
              {(list as readonly OperatorPermission[]).map((permission) => (
                <label
                  key={permission}
                  className="permission-choice"
                  title={mayChoose(permission) ? undefined : t('roles_not_held')}
                >
                  <input
                    type="checkbox"
                    checked={permissions.has(permission)}
                    disabled={!mayChoose(permission)}
                    onChange={() => toggle(permission)}
                  />
                  <span>{t(permissionLabelKey(permission))}</span>
                </label>
              ))}
            </fieldset>
          ))}
          <Field label={t('roles_ip_allow_list')} htmlFor="role-ip" hint={t('roles_ip_allow_list_hint')}>
            <textarea id="role-ip" rows={3} value={ipText} onChange={(event) => setIpText(event.target.value)} />
          </Field>
          <div className="role-timeouts">
            <Field label={t('roles_idle_minutes')} htmlFor="role-idle">
              <input
                id="role-idle"
                type="number"
                min={5}
                max={720}
                value={idleMinutes}
                onChange={(event) => setIdleMinutes(event.target.value)}
              />
            </Field>
            <Field label={t('roles_absolute_hours')} htmlFor="role-hours">
              <input
                id="role-hours"
                type="number"
                min={1}
                max={12}
                value={absoluteHours}
                onChange={(event) => setAbsoluteHours(event.target.value)}
              />
            </Field>
          </div>
        </fieldset>
        <ErrorNote error={mutation.error} />
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          {isReadOnly ? null : (
            <button type="submit" className="button is-primary" disabled={mutation.isPending}>
              {mutation.isPending ? t('working') : t('roles_save')}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

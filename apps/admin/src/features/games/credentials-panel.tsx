import {
  adminCredentialApiUrlBodySchema,
  adminCredentialRotateBodySchema,
  defaultCredentialOverlapHours,
  maxCredentialOverlapHours,
  setRefusalFieldError,
  type AdminCredentialRotated,
  type AdminVendorCredential,
  type VendorCredentialState,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Field, Panel, type Tone } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { gameKeys } from './api';
import { checkedAs } from './checked-draft';
import { revokeCredential, rotateCredential, updateCredentialApiUrl, vendorCredentialsQuery } from './credentials-api';

const stateTones: Record<VendorCredentialState, Tone> = {
  current: 'good',
  overlap: 'warn',
  expired: 'neutral',
  revoked: 'bad',
};

interface RotateDraft {
  overlapHours: number;
}
interface AddressDraft {
  apiUrl: string;
}

/**
 * The secrets and address of the integration serving a vendor (`games.credentials`). A rotation makes
 * a new secret on the server, shown once in `SecretDialog`; the secrets current until then stay valid
 * for the overlap the operator chose, so the vendor can switch without refused calls.
 */
export function CredentialsPanel({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation();
  const credentials = useQuery(vendorCredentialsQuery(vendorId));
  const [revoking, setRevoking] = useState<AdminVendorCredential | null>(null);
  const [isRotateAsked, setIsRotateAsked] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: gameKeys.of('credentials', vendorId) });

  const rotateSchema = useMemo(
    () =>
      checkedAs<RotateDraft>(t, (draft) =>
        adminCredentialRotateBodySchema.safeParse({ vendorId, overlapHours: draft.overlapHours }),
      ),
    [t, vendorId],
  );
  const rotateForm = useZodForm(rotateSchema, { defaultValues: { overlapHours: defaultCredentialOverlapHours } });
  const rotate = useMutation({
    mutationFn: (draft: RotateDraft) => rotateCredential({ vendorId, overlapHours: draft.overlapHours }),
    onSuccess: async () => {
      setIsRotateAsked(false);
      await refresh();
    },
    onError: (error) => {
      setIsRotateAsked(false);
      setRefusalFieldError(error, rotateForm.setError, ['overlapHours'] as Array<Path<RotateDraft>>);
    },
  });

  const addressSchema = useMemo(
    () =>
      checkedAs<AddressDraft>(t, (draft) =>
        adminCredentialApiUrlBodySchema.safeParse({ vendorId, apiUrl: draft.apiUrl }),
      ),
    [t, vendorId],
  );
  const addressForm = useZodForm(addressSchema, {
    values: { apiUrl: credentials.data?.apiUrl ?? '' },
  });
  const saveAddress = useMutation({
    mutationFn: (draft: AddressDraft) => updateCredentialApiUrl({ vendorId, apiUrl: draft.apiUrl }),
    onSuccess: async () => {
      showToast(t('credentials_address_saved'));
      await refresh();
    },
    onError: (error) => setRefusalFieldError(error, addressForm.setError, ['apiUrl'] as Array<Path<AddressDraft>>),
  });

  const revoke = useMutation({
    mutationFn: (credential: AdminVendorCredential) =>
      revokeCredential({ vendorId, credentialId: credential.credentialId }),
    onSuccess: async () => {
      showToast(t('credentials_revoked'));
      setRevoking(null);
      await refresh();
    },
  });

  const data = credentials.data;
  const columns: Column<AdminVendorCredential>[] = [
    {
      key: 'hint',
      header: t('credentials_hint'),
      render: (row) => <code className="credentials-hint">••••{row.hint}</code>,
    },
    {
      key: 'state',
      header: t('credentials_state'),
      render: (row) => <Badge tone={stateTones[row.state]}>{t(`credentials_state_${row.state}`)}</Badge>,
    },
    {
      key: 'created',
      header: t('credentials_created'),
      render: (row) => (
        <span>
          <DateTime value={row.createdAt} />
          <span className="muted"> · {row.createdBy ?? t('credentials_by_system')}</span>
        </span>
      ),
    },
    { key: 'validUntil', header: t('credentials_valid_until'), render: (row) => <DateTime value={row.validUntil} /> },
    {
      key: 'revoked',
      header: t('credentials_revoked_at'),
      render: (row) =>
        row.revokedAt === null ? (
          <DateTime value={null} />
        ) : (
          <span>
            <DateTime value={row.revokedAt} />
            {row.revokedBy ? <span className="muted"> · {row.revokedBy}</span> : null}
          </span>
        ),
    },
    {
      key: 'actions',
      header: t('games_actions'),
      render: (row) =>
        row.state === 'current' || row.state === 'overlap' ? (
          <button type="button" className="button is-small is-danger" onClick={() => setRevoking(row)}>
            {t('credentials_revoke')}
          </button>
        ) : null,
    },
  ];

  const overlapError = rotateForm.formState.errors.overlapHours?.message;
  const addressError = addressForm.formState.errors.apiUrl?.message;
  const isAddressRefusalPlaced = saveAddress.error instanceof ApiError && saveAddress.error.field === 'apiUrl';
  return (
    <Panel title={t('credentials_title')}>
      <ErrorNote error={credentials.error} />
      {data ? (
        <>
          <p className="muted games-panel-note">
            {t('credentials_integration', { code: data.integrationCode })}{' '}
            {data.isHouseManaged ? t('credentials_house_note') : t('credentials_note')}
          </p>
          {data.isHouseManaged ? null : (
            <>
              <DataTable
                caption={t('credentials_title')}
                columns={columns}
                rows={data.credentials}
                rowKey={(row) => row.credentialId}
                emptyText={t('credentials_none')}
              />
              <form
                className="form"
                noValidate
                aria-label={t('credentials_rotate')}
                onSubmit={(event) => void rotateForm.handleSubmit(() => setIsRotateAsked(true))(event)}
              >
                <div className="form-grid">
                  <Field
                    label={t('credentials_overlap')}
                    htmlFor="credentials-overlap"
                    hint={t('credentials_overlap_hint', { max: maxCredentialOverlapHours })}
                    error={overlapError}
                  >
                    <input
                      id="credentials-overlap"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={maxCredentialOverlapHours}
                      aria-invalid={Boolean(overlapError)}
                      {...rotateForm.register('overlapHours', { valueAsNumber: true })}
                    />
                  </Field>
                </div>
                {rotate.error instanceof ApiError && rotate.error.field === 'overlapHours' ? null : (
                  <ErrorNote error={rotate.error} />
                )}
                <div className="form-actions">
                  <button type="submit" className="button is-primary" disabled={rotate.isPending}>
                    {data.credentials.length === 0 ? t('credentials_create') : t('credentials_rotate')}
                  </button>
                </div>
              </form>
              <form
                className="form"
                noValidate
                aria-label={t('credentials_address')}
                onSubmit={(event) => void addressForm.handleSubmit((draft) => saveAddress.mutate(draft))(event)}
              >
                <div className="form-grid credentials-address-grid">
                  <Field
                    label={t('credentials_address')}
                    htmlFor="credentials-address"
                    hint={t('credentials_address_hint')}
                    error={addressError}
                  >
                    <input
                      id="credentials-address"
                      type="url"
                      maxLength={500}
                      placeholder="https://"
                      aria-invalid={Boolean(addressError)}
                      {...addressForm.register('apiUrl')}
                    />
                  </Field>
                </div>
                {isAddressRefusalPlaced ? null : <ErrorNote error={saveAddress.error} />}
                <div className="form-actions">
                  <button
                    type="submit"
                    className="button is-primary"
                    disabled={saveAddress.isPending || !addressForm.formState.isDirty}
                  >
                    {t('games_save')}
                  </button>
                </div>
              </form>
            </>
          )}
        </>
      ) : null}
      <ConfirmDialog
        title={
          data?.credentials.some((row) => row.state === 'current')
            ? t('credentials_rotate_title')
            : t('credentials_create_title')
        }
        isOpen={isRotateAsked}
        onCancel={() => setIsRotateAsked(false)}
        onConfirm={() => rotate.mutate(rotateForm.getValues())}
        confirmLabel={t('credentials_rotate_confirm')}
        isPending={rotate.isPending}
        error={rotate.error}
      >
        <p>{t('credentials_rotate_text', { hours: rotateForm.getValues().overlapHours })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        title={t('credentials_revoke_title')}
        isOpen={revoking !== null}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        confirmLabel={t('credentials_revoke')}
        tone="danger"
        isPending={revoke.isPending}
        error={revoke.error}
      >
        <p>{revoking ? t('credentials_revoke_text', { hint: revoking.hint }) : null}</p>
      </ConfirmDialog>
      <SecretDialog rotated={rotate.data ?? null} onClose={() => rotate.reset()} />
    </Panel>
  );
}

/**
 * The new secret, shown this once: a copy button, and the plain warning that it cannot be shown again.
 * Closing drops it (the mutation is reset, so nothing in the page keeps it).
 */
export function SecretDialog({ rotated, onClose }: { rotated: AdminCredentialRotated | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!rotated) return;
    try {
      await navigator.clipboard.writeText(rotated.secret);
      showToast(t('credentials_copied'));
    } catch {
      showToast(t('credentials_copy_failed'), 'bad');
    }
  };
  return (
    <Dialog title={t('credentials_secret_title')} isOpen={rotated !== null} onClose={onClose}>
      {rotated ? (
        <div className="form credentials-secret">
          <p className="credentials-warning" role="note">
            <strong>{t('credentials_secret_once')}</strong>
          </p>
          <Field label={t('credentials_secret_label', { hint: rotated.credential.hint })} htmlFor="credentials-secret">
            <input
              id="credentials-secret"
              className="credentials-secret-value"
              readOnly
              spellCheck={false}
              autoComplete="off"
              value={rotated.secret}
              onFocus={(event) => event.currentTarget.select()}
            />
          </Field>
          <p className="muted">{t('credentials_secret_next')}</p>
          <div className="form-actions">
            <button type="button" className="button is-ghost" onClick={() => void copy()}>
              {t('credentials_copy')}
            </button>
            <button type="button" className="button is-primary" onClick={onClose}>
              {t('credentials_secret_done')}
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

import '../push-settings.css';
import { pushKinds, type PushKind, type PushSettings, type PushSwitches } from '@lotus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo, useSessionToken } from '../../../api/member';
import { useWhitelabel } from '../../../api/whitelabel';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import {
  currentPushSubscription,
  isPushSupported,
  pushKeys,
  pushSettingsQuery,
  savePushSettings,
  subscribePush,
  subscribeThisBrowser,
  unsubscribePush,
  watchNotificationPermission,
  type PushBrowserError,
} from '../api/push';

// The notification settings' texts come with the member centre's chunk, not the home page's.
await registerFeatureCatalogue({
  TH: () => import('../../../locales/push/th.json'),
  EN: () => import('../../../locales/push/en.json'),
});

const kindLabelKeys: Record<PushKind, string> = {
  depositApproved: 'push_kind_deposit_approved',
  withdrawalPaid: 'push_kind_withdrawal_paid',
  promotionIssued: 'push_kind_promotion_issued',
  contractOffered: 'push_kind_contract_offered',
};

type Notice = { kind: 'ok' | 'error'; key: string } | null;

/** What the member is told when the browser, not the server, stopped the device being turned on. */
const browserErrorKeys: Record<PushBrowserError, string> = {
  'push.permission.denied': 'push_blocked',
  'push.permission.default': 'push_dismissed',
  'push.browser.unavailable': 'push_browser_unavailable',
};
const browserErrorKeyOf = (error: unknown): string | undefined =>
  error instanceof Error && Object.hasOwn(browserErrorKeys, error.message)
    ? browserErrorKeys[error.message as PushBrowserError]
    : undefined;

/** isAgent of spec §3 for agents: only they are offered contracts. */
const agentTypes: ReadonlySet<number> = new Set([1, 2, 41, 42]);

/**
 * Web Push in the member centre (issue 19): the member's consent (a box to tick before anything is
 * asked of the browser), turning this device on or off, one switch per kind of notice, and withdrawing
 * consent (every device off). The browser's own permission is asked only when the member turns it on.
 */
export function PushSettingsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const settings = useQuery(pushSettingsQuery(token));
  const { data: whitelabel } = useWhitelabel();
  const member = useMemberInfo();
  const isAgent = agentTypes.has(member.data?.type ?? 0);
  const kinds = pushKinds.filter((kind) => kind !== 'contractOffered' || isAgent);
  const consentId = useId();
  const [hasAgreed, setHasAgreed] = useState(false);
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  // What is under way, said while it lasts (the browser's push service can take seconds to answer).
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const isBusy = busyKey !== null;
  const [notice, setNotice] = useState<Notice>(null);
  const isSupported = isPushSupported();
  // Read on every draw; a change in the browser's site settings draws the panel again.
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const permission = isSupported ? Notification.permission : 'default';

  useEffect(() => {
    if (!isSupported) return;
    return watchNotificationPermission(() => {
      // A refusal's alert is out of date once the member has unblocked the site.
      if (Notification.permission !== 'denied')
        setNotice((current) => (current?.key === 'push_blocked' ? null : current));
      redraw();
    });
  }, [isSupported]);

  useEffect(() => {
    let isCurrent = true;
    void currentPushSubscription().then((subscription) => {
      if (isCurrent) setThisEndpoint(subscription?.endpoint ?? null);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  const value = settings.data;
  // A stale subscription (the key was rotated) is not "on": turning on subscribes again with the new key.
  const isOnHere = Boolean(
    value && thisEndpoint && value.endpoints.includes(thisEndpoint) && !value.staleEndpoints.includes(thisEndpoint),
  );

  const run = async (work: () => Promise<PushSettings>, okKey = 'push_saved', workingKey = 'push_saving') => {
    setBusyKey(workingKey);
    setNotice(null);
    try {
      const next = await work();
      queryClient.setQueryData(pushKeys.of(token), next);
      setNotice({ kind: 'ok', key: okKey });
    } catch (error) {
      setNotice({ kind: 'error', key: browserErrorKeyOf(error) ?? 'push_failed' });
    } finally {
      setBusyKey(null);
    }
  };

  const turnOn = () => {
    if (!value) return;
    if (!hasAgreed && !value.consented) {
      setNotice({ kind: 'error', key: 'push_consent_required' });
      return;
    }
    void run(
      async () => {
        const subscription = await subscribeThisBrowser(value.vapidPublicKey);
        const json = subscription.toJSON();
        setThisEndpoint(subscription.endpoint);
        return subscribePush({
          consent: true,
          subscription: {
            endpoint: subscription.endpoint,
            keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
          },
          switches: value.switches,
          vapidPublicKey: value.vapidPublicKey,
        });
      },
      'push_saved',
      'push_turning_on',
    );
  };

  const turnOff = () =>
    void run(async () => {
      const subscription = await currentPushSubscription();
      await subscription?.unsubscribe();
      setThisEndpoint(null);
      return unsubscribePush(subscription?.endpoint ?? thisEndpoint ?? '');
    });

  const withdraw = () =>
    void run(async () => {
      const subscription = await currentPushSubscription();
      await subscription?.unsubscribe();
      setThisEndpoint(null);
      setHasAgreed(false);
      return savePushSettings({ consent: false, switches: value!.switches });
    }, 'push_withdrawn');

  const toggle = (kind: PushKind, isOn: boolean) => {
    if (!value) return;
    const switches: PushSwitches = { ...value.switches, [kind]: isOn };
    void run(() => savePushSettings({ consent: value.consented, switches }));
  };

  return (
    <section className="push-settings" aria-labelledby={`${consentId}-title`} data-testid="push-settings">
      <div className="push-settings__head">
        <span className="security-item__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3.5a1.5 1.5 0 0 0-3 0v.7A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2zm-2 1H7v-6a5 5 0 0 1 10 0v6z"
            />
          </svg>
        </span>
        <div>
          <h3 id={`${consentId}-title`} className="security-item__title">
            {t('push_title')}
          </h3>
          <p className="security-item__description">{t('push_description')}</p>
        </div>
      </div>

      {!isSupported ? (
        <p className="push-settings__message">{t('push_unsupported')}</p>
      ) : settings.isError ? (
        <p className="push-settings__message" role="alert">
          {t('push_failed')}
        </p>
      ) : !value ? null : (
        <>
          {/* Once: not again beside the alert a refusal just raised. */}
          {permission === 'denied' && notice?.key !== 'push_blocked' && (
            <p className="push-settings__message">{t('push_blocked')}</p>
          )}
          {!value.consented && (
            <label className="push-settings__consent" htmlFor={consentId}>
              <input
                id={consentId}
                type="checkbox"
                checked={hasAgreed}
                onChange={(event) => setHasAgreed(event.target.checked)}
              />
              <span>{t('push_consent', { brand: whitelabel?.brand.name ?? '' })}</span>
            </label>
          )}
          <div className="push-settings__actions">
            {isOnHere ? (
              <>
                <span className="push-settings__state">{t('push_on_here')}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={isBusy}
                  onClick={turnOff}
                >
                  {t('push_turn_off')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button--primary button--small"
                disabled={isBusy || permission === 'denied'}
                onClick={turnOn}
              >
                {t('push_turn_on')}
              </button>
            )}
            {value.consented && (
              <button type="button" className="button button--ghost button--small" disabled={isBusy} onClick={withdraw}>
                {t('push_withdraw')}
              </button>
            )}
          </div>
          {value.endpoints.length > 0 && (
            <p className="push-settings__devices">{t('push_other_devices', { devices: value.endpoints.length })}</p>
          )}
          <fieldset className="push-settings__switches" disabled={isBusy}>
            <legend>{t('push_switches')}</legend>
            {kinds.map((kind) => (
              <label key={kind} className="push-settings__switch">
                <span>{t(kindLabelKeys[kind])}</span>
                <input
                  type="checkbox"
                  role="switch"
                  checked={value.switches[kind]}
                  onChange={(event) => toggle(kind, event.target.checked)}
                />
              </label>
            ))}
          </fieldset>
          {busyKey && (
            <p className="push-settings__notice" role="status">
              {t(busyKey)}
            </p>
          )}
          {notice && (
            <p
              className={`push-settings__notice push-settings__notice--${notice.kind}`}
              role={notice.kind === 'error' ? 'alert' : 'status'}
            >
              {t(notice.key)}
            </p>
          )}
        </>
      )}
    </section>
  );
}

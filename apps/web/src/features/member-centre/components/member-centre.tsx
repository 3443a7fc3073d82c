import '../../auth/auth.css';
import '../member-centre.css';
import { Component, lazy, Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../../api/member';
import { useClaimableRewardCount } from '../../../api/promotions';
import { Spinner } from '../../../components/global-loader';
import { Modal } from '../../../components/modal';
import { loadChunk } from '../../../lib/chunk-loader';
import { closeModal, openModal, type MemberCentrePage } from '../../../stores/modal-store';
import { loadMemberCentreCatalogue } from '../member-centre-catalogue';
import { SecurityCenter } from './security-center';

// The member centre's texts come with its chunk (the home page's JS budget).
await loadMemberCentreCatalogue();

export type { MemberCentrePage };

// The money pages are chunks of their own, with their texts: opening "my account" does not load them.
const DepositPage = lazy(() =>
  loadChunk(() => import('../../money/components/deposit-page')).then((module) => ({ default: module.DepositPage })),
);
const WithdrawPage = lazy(() =>
  loadChunk(() => import('../../money/components/withdraw-page')).then((module) => ({ default: module.WithdrawPage })),
);
const TransferFundPage = lazy(() =>
  loadChunk(() => import('../../wallet/components/transfer-fund-page')).then((module) => ({
    default: module.TransferFundPage,
  })),
);
const TransferUplinePage = lazy(() =>
  loadChunk(() => import('../../agent-centre/money/member-transfer-upline')).then((module) => ({
    default: module.TransferUplinePage,
  })),
);
const TransactionHistoryPage = lazy(() =>
  loadChunk(() => import('../../money/components/transaction-history-page')).then((module) => ({
    default: module.TransactionHistoryPage,
  })),
);
const BetHistoryPage = lazy(() =>
  loadChunk(() => import('../../bet-records/components/bet-history-page')).then((module) => ({
    default: module.BetHistoryPage,
  })),
);
const PersonalProfitPage = lazy(() =>
  loadChunk(() => import('../../money/components/personal-profit-page')).then((module) => ({
    default: module.PersonalProfitPage,
  })),
);

const InboxPage = lazy(() =>
  loadChunk(() => import('../../inbox/components/inbox-page')).then((module) => ({
    default: module.InboxPage,
  })),
);

const RebatePage = lazy(() =>
  loadChunk(() => import('../../rebates/components/rebate-page')).then((module) => ({
    default: module.RebatePage,
  })),
);

const RewardCentrePage = lazy(() =>
  loadChunk(() => import('../../promotions/components/reward-centre-page')).then((module) => ({
    default: module.RewardCentrePage,
  })),
);

const BonusDetailsPage = lazy(() =>
  loadChunk(() => import('../../bonus/components/bonus-details-page')).then((module) => ({
    default: module.BonusDetailsPage,
  })),
);

const FeedbackPage = lazy(() =>
  loadChunk(() => import('../../feedback/components/feedback-page')).then((module) => ({
    default: module.FeedbackPage,
  })),
);

/** 24px glyphs of the navigation, drawn like the site's line icons. */
const navIcons: Record<MemberCentrePage, string> = {
  securityCenter:
    'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm0 10c4.4 0 8 2.2 8 5v3H4v-3c0-2.8 3.6-5 8-5zm0 2c-3.4 0-6 1.5-6 3v1h12v-1c0-1.5-2.6-3-6-3z',
  depositv2: 'M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3zM4 15h2v4h12v-4h2v6H4v-6z',
  withdraw: 'M12 3l5.7 5.7-1.4 1.4L13 6.8V16h-2V6.8L7.7 10.1 6.3 8.7 12 3zM4 15h2v4h12v-4h2v6H4v-6z',
  transferFund:
    'M4 5h14a2 2 0 0 1 2 2v1h-2V7H4v11h14v-1h2v1a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm8 5h10v5H12a2.5 2.5 0 0 1 0-5zm0 2a.5.5 0 0 0 0 1h8v-1h-8zM5 2h11v2H5V2z',
  transferUpline: 'M12 2l6 6-1.4 1.4L13 5.8V15h-2V5.8L7.4 9.4 6 8l6-6zM5 17h14v2H5v-2zm0 3h14v2H5v-2z',
  transactionHistory:
    'M13 3a9 9 0 1 1-8.9 10.5l2-.4A7 7 0 1 0 7 7.4L9.6 10H3V3.4l2.6 2.6A9 9 0 0 1 13 3zm-1 4h2v5.6l3.5 2.1-1 1.7L12 13.7V7z',
  personalHistoryCopy:
    'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 2v16h10V4H7zm2 3h6v2H9V7zm0 4h6v2H9v-2zm0 4h4v2H9v-2z',
  personalProfit: 'M4 20h17v2H2V3h2v17zm3-3V11h3v6H7zm5 0V7h3v10h-3zm5 0v-8h3v8h-3z',
  messageV2:
    'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 3.2V17h16V8.2l-8 5-8-5zM5.4 7l6.6 4.1L18.6 7H5.4z',
  rebate:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 2v1.1c1.6.3 2.8 1.4 3 2.9h-2c-.2-.6-.9-1-2-1-1.3 0-2 .5-2 1.1 0 .5.4.9 2.3 1.3 2.6.5 3.7 1.4 3.7 3.1 0 1.5-1.2 2.6-3 2.9V18h-2v-1.1c-1.7-.3-2.9-1.4-3.1-3h2c.2.8 1 1.2 2.2 1.2 1.4 0 2-.5 2-1.1s-.5-.9-2.4-1.3C8.3 12.2 7.2 11.3 7.2 9.7c0-1.4 1.1-2.5 2.8-2.7V6h3z',
  rewardCenter:
    'M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v4h1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8h1V8a1 1 0 0 0-1-1zM15 5a1 1 0 1 1 0 2h-2a2 2 0 0 1 2-2zM9 5a2 2 0 0 1 2 2H9a1 1 0 1 1 0-2zM5 9h6v2H5V9zm1 4h5v6H6v-6zm7 6v-6h5v6h-5zm0-8V9h6v2h-6z',
  bonusDetails: 'M4 20h17v2H2V3h2v17zm2-2l4.5-6 3.5 3 5-7 1.6 1.2-6.2 8.6-3.5-3-3.3 4.4L6 18z',
  feedback:
    'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2zm1 2v12.8L7.3 16H20V5H5zm3 3h8v2H8V8zm0 4h5v2H8v-2z',
};

const pageTitleKeys: Record<MemberCentrePage, string> = {
  securityCenter: 'member_centre_security',
  depositv2: 'member_centre_deposit',
  withdraw: 'member_centre_withdraw',
  transferFund: 'member_centre_wallet',
  transferUpline: 'member_centre_transfer_upline',
  transactionHistory: 'member_centre_transactions',
  personalHistoryCopy: 'member_centre_bets',
  personalProfit: 'member_centre_profit',
  messageV2: 'member_centre_messages',
  rebate: 'member_centre_rebate',
  rewardCenter: 'member_centre_reward_center',
  bonusDetails: 'member_centre_bonus_details',
  feedback: 'member_centre_feedback',
};

const pageOrder: MemberCentrePage[] = [
  'securityCenter',
  'depositv2',
  'withdraw',
  'transferFund',
  'transferUpline',
  'transactionHistory',
  'personalHistoryCopy',
  'personalProfit',
  'messageV2',
  'rewardCenter',
  'bonusDetails',
  'rebate',
  'feedback',
];

/** A page chunk that failed to load (offline, a new release) fails inside the panel, not the whole site. */
class PageBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

/** As the route error does (app/route-error.tsx): retry reloads, which fetches fresh chunks. */
function PageFailed() {
  const { t } = useTranslation();
  return (
    <div className="member-centre__error">
      <p role="alert">{t('error_chunk_timeout')}</p>
      <button type="button" className="button button--primary button--small" onClick={() => window.location.reload()}>
        {t('common_retry')}
      </button>
    </div>
  );
}

function CurrentPage({ page }: { page: MemberCentrePage }) {
  switch (page) {
    case 'depositv2':
      return <DepositPage />;
    case 'withdraw':
      return <WithdrawPage />;
    case 'transferFund':
      return <TransferFundPage />;
    case 'transferUpline':
      return <TransferUplinePage />;
    case 'transactionHistory':
      return <TransactionHistoryPage />;
    case 'personalHistoryCopy':
      return <BetHistoryPage />;
    case 'personalProfit':
      return <PersonalProfitPage />;
    case 'messageV2':
      return <InboxPage />;
    case 'rebate':
      return <RebatePage />;
    case 'rewardCenter':
      return <RewardCentrePage />;
    case 'bonusDetails':
      return <BonusDetailsPage />;
    case 'feedback':
      return <FeedbackPage />;
    default:
      return <SecurityCenter />;
  }
}

/**
 * The member centre (spec §2): a closable panel whose default page is securityCenter ("my account"),
 * with the money pages (deposit, withdrawal, my wallet, transaction history, betting record, profit and loss). The page lives
 * in the modal store, so the strip's Deposit button can open the centre on depositv2. Its other
 * pages (wallet, records, rewards...) join the navigation with their releases.
 */
export function MemberCentreModal({ page: asked = 'securityCenter' }: { page?: MemberCentrePage }) {
  const { t } = useTranslation();
  const headingId = useId();
  const rewardsHintId = useId();
  const navRef = useRef<HTMLElement>(null);
  // Transfer to upline only where the merchant's toUpline lets this member (the original's rule).
  const member = useMemberInfo();
  const canTransferUp = member.data?.toUpline ?? member.isPending;
  const pages = pageOrder.filter((item) => item !== 'transferUpline' || canTransferUp);
  const page = pages.includes(asked) ? asked : 'securityCenter';
  // The rewards waiting for a claim, kept by the balance stream (api/promotions): the reward centre's badge.
  const claimableCount = useClaimableRewardCount(true);
  // On a phone the navigation is one scrolling row: keep the current page's entry in view.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [page]);
  return (
    <Modal title={t('member_centre_title')} onClose={closeModal} size="large" className="member-centre-modal">
      <div className="member-centre">
        <nav ref={navRef} className="member-centre__nav" aria-label={t('member_centre_title')}>
          {pages.map((item) => (
            <button
              key={item}
              type="button"
              className="member-centre__nav-item"
              aria-current={page === item ? 'page' : undefined}
              // The count is the entry's description, not its name: "Reward centre" stays what it is called.
              aria-describedby={item === 'rewardCenter' && claimableCount > 0 ? rewardsHintId : undefined}
              onClick={() => page !== item && openModal({ kind: 'memberCentre', page: item })}
            >
              <svg className="member-centre__nav-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path fill="currentColor" d={navIcons[item]} />
              </svg>
              {t(pageTitleKeys[item])}
              {item === 'rewardCenter' && claimableCount > 0 && (
                <>
                  <span className="count-badge" aria-hidden="true">
                    {claimableCount > 99 ? '99+' : claimableCount}
                  </span>
                  <span id={rewardsHintId} hidden>
                    {t('member_centre_rewards_to_claim', { count: claimableCount })}
                  </span>
                </>
              )}
            </button>
          ))}
        </nav>
        <section className="member-centre__page" aria-labelledby={headingId}>
          <h3 id={headingId} className="member-centre__heading">
            {t(pageTitleKeys[page])}
          </h3>
          <PageBoundary key={page} fallback={<PageFailed />}>
            <Suspense
              fallback={
                <div className="member-centre__loading">
                  <Spinner />
                </div>
              }
            >
              <CurrentPage page={page} />
            </Suspense>
          </PageBoundary>
        </section>
      </div>
    </Modal>
  );
}

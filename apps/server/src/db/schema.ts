import type { IdentityTables } from '../modules/identity/identity.tables.ts';
import type { AgentsTables } from '../modules/agents/agents.tables.ts';
import type { BetRecordTables } from '../modules/bet-records/bet-records.tables.ts';
import type { TransferWalletTables } from '../modules/transfer-wallet/transfer-wallet.tables.ts';
import type { BackofficeTables } from '../modules/backoffice/backoffice.tables.ts';
import type { MemberDeskTables } from '../modules/member-desk/member-desk.tables.ts';
import type { DepositTables } from '../modules/deposit/deposit.tables.ts';
import type { FeedbackTables } from '../modules/feedback/feedback.tables.ts';
import type { InboxTables } from '../modules/inbox/inbox.tables.ts';
import type { ChatTables } from '../modules/chat/chat.tables.ts';
import type { GamesTables } from '../modules/games/games.tables.ts';
import type { IdempotencyTables } from '../modules/idempotency/idempotency.tables.ts';
import type { LedgerTables } from '../modules/ledger/ledger.tables.ts';
import type { MerchantTables } from '../modules/merchant/merchant.tables.ts';
import type { MediaTables } from '../modules/media/media.tables.ts';
import type { MessagingTables } from '../modules/messaging/messaging.tables.ts';
import type { SealedTables } from '../modules/sealed/sealed.tables.ts';
import type { SiteTables } from '../modules/site/site.tables.ts';
import type { SeamlessWalletTables } from '../modules/seamless-wallet/seamless-wallet.tables.ts';
import type { VerificationTables } from '../modules/verification/verification.tables.ts';
import type { WithdrawalTables } from '../modules/withdrawal/withdrawal.tables.ts';
import type { ReportsTables } from '../modules/reports/reports.tables.ts';
import type { RebatesTables } from '../modules/rebates/rebates.tables.ts';
import type { BonusTables } from '../modules/bonus/bonus.tables.ts';
import type { PromotionTables } from '../modules/promotions/promotions.tables.ts';
import type { LotteryTables } from '../modules/lottery/lottery.tables.ts';
import type { PushTables } from '../modules/push/push.tables.ts';

/** Every table, declared by the module that owns it (its `<module>.tables.ts`). */
export interface Database
  extends
    SiteTables,
    GamesTables,
    SealedTables,
    VerificationTables,
    IdentityTables,
    MessagingTables,
    LedgerTables,
    IdempotencyTables,
    DepositTables,
    WithdrawalTables,
    BackofficeTables,
    MemberDeskTables,
    SeamlessWalletTables,
    TransferWalletTables,
    BetRecordTables,
    AgentsTables,
    FeedbackTables,
    InboxTables,
    ChatTables,
    MerchantTables,
    MediaTables,
    ReportsTables,
    RebatesTables,
    BonusTables,
    PromotionTables,
    LotteryTables,
    PushTables {}

import * as m0001 from './0001_core.ts';
import * as m0002 from './0002_site.ts';
import * as m0003 from './0003_sealed.ts';
import * as m0004 from './0004_verification.ts';
import * as m0005 from './0005_identity.ts';
import * as m0006 from './0006_messaging.ts';
import * as m0007 from './0007_login_security.ts';
import * as m0008 from './0008_accounts.ts';
import * as m0009 from './0009_prune_indexes.ts';
import * as m0010 from './0010_ledger.ts';
import * as m0011 from './0011_idempotency.ts';
import * as m0012 from './0012_deposits.ts';
import * as m0013 from './0013_withdrawals.ts';
import * as m0014 from './0014_backoffice.ts';
import * as m0015 from './0015_balance_notify.ts';
import * as m0016 from './0016_vendor_wallet.ts';
import * as m0017 from './0017_game_catalogue.ts';
import * as m0018 from './0018_transfer_wallet.ts';
import * as m0019 from './0019_bet_records.ts';
import * as m0020 from './0020_agent_contracts.ts';
import * as m0021 from './0021_vendor_feed.ts';
import * as m0022 from './0022_vendor_wallet_play.ts';
import * as m0023 from './0023_vendor_wallet_play_batch.ts';
import * as m0024 from './0024_vendor_wallet_set_path.ts';
import * as m0025 from './0025_drop_implied_merchant_keys.ts';
import * as m0026 from './0026_deposit_review.ts';
import * as m0027 from './0027_withdrawal_payout_reference.ts';
import * as m0028 from './0028_served_games.ts';
import * as m0030 from './0030_banner_texts_and_seed_fingerprint.ts';
import * as m0031 from './0031_repeatable_functions.ts';
import * as m0032 from './0032_play_batch_fallback_reason.ts';
import * as m0033 from './0033_operator_roles.ts';
import * as m0034 from './0034_four_eyes.ts';
import * as m0035 from './0035_merchant_config_version.ts';
import * as m0037 from './0037_site_content_admin.ts';
import * as m0038 from './0038_media.ts';
import * as m0039 from './0039_announcement_admin.ts';
import * as m0040 from './0040_games_admin.ts';
import * as m0042 from './0042_member_desk.ts';
import * as m0044 from './0044_reports.ts';
import * as m0045 from './0045_report_detail_indexes.ts';
import * as m0046 from './0046_feedback_desk.ts';
import * as m0048 from './0048_vendor_credential_secrets.ts';
import * as m0049 from './0049_withdrawal_second_approval.ts';
import * as m0050 from './0050_report_member_month.ts';
import * as m0051 from './0051_session_end_notify.ts';
import * as m0052 from './0052_affiliate_links.ts';
import * as m0053 from './0053_member_upline_history.ts';
import * as m0054 from './0054_agent_contract_flow.ts';
import * as m0055 from './0055_agent_settlement.ts';
import * as m0056 from './0056_agent_transfers.ts';
import * as m0057 from './0057_agent_settlement_desk.ts';
import * as m0058 from './0058_agent_downline_status.ts';
import * as m0059 from './0059_agent_settlement_debt.ts';
import * as m0060 from './0060_announcement_agents_audience.ts';
import * as m0061 from './0061_inbox.ts';
import * as m0062 from './0062_report_daily_member_product.ts';
import * as m0063 from './0063_bonus.ts';
import * as m0064 from './0064_promotions.ts';
import * as m0065 from './0065_rebates.ts';
import * as m0066 from './0066_chat.ts';
import * as m0067 from './0067_bonus_cost.ts';
import * as m0068 from './0068_lottery.ts';
import * as m0069 from './0069_lottery_betting.ts';
import * as m0070 from './0070_lottery_official.ts';
import * as m0071 from './0071_lottery_stock_games.ts';
import * as m0072 from './0072_lottery_yeekee.ts';
import * as m0073 from './0073_lottery_vn_provinces.ts';
import * as m0075 from './0075_lottery_chase_win_corrected.ts';
import * as m0076 from './0076_social_login.ts';
import * as m0077 from './0077_web_push.ts';
import * as m0078 from './0078_balance_notices_after_commit.ts';
import * as m0079 from './0079_media_variants.ts';
import * as m0080 from './0080_push_operator.ts';

/** Every migration, in order. Listed statically so the bundled server carries them. Never edit a landed one. */
export const migrations = {
  '0001_core': m0001,
  '0002_site': m0002,
  '0003_sealed': m0003,
  '0004_verification': m0004,
  '0005_identity': m0005,
  '0006_messaging': m0006,
  '0007_login_security': m0007,
  '0008_accounts': m0008,
  '0009_prune_indexes': m0009,
  '0010_ledger': m0010,
  '0011_idempotency': m0011,
  '0012_deposits': m0012,
  '0013_withdrawals': m0013,
  '0014_backoffice': m0014,
  '0015_balance_notify': m0015,
  '0016_vendor_wallet': m0016,
  '0017_game_catalogue': m0017,
  '0018_transfer_wallet': m0018,
  '0019_bet_records': m0019,
  '0020_agent_contracts': m0020,
  '0021_vendor_feed': m0021,
  '0022_vendor_wallet_play': m0022,
  '0023_vendor_wallet_play_batch': m0023,
  '0024_vendor_wallet_set_path': m0024,
  '0025_drop_implied_merchant_keys': m0025,
  '0026_deposit_review': m0026,
  '0027_withdrawal_payout_reference': m0027,
  '0028_served_games': m0028,
  '0030_banner_texts_and_seed_fingerprint': m0030,
  '0031_repeatable_functions': m0031,
  '0032_play_batch_fallback_reason': m0032,
  '0033_operator_roles': m0033,
  '0034_four_eyes': m0034,
  '0035_merchant_config_version': m0035,
  '0037_site_content_admin': m0037,
  '0038_media': m0038,
  '0039_announcement_admin': m0039,
  '0040_games_admin': m0040,
  '0042_member_desk': m0042,
  '0044_reports': m0044,
  '0045_report_detail_indexes': m0045,
  '0046_feedback_desk': m0046,
  '0048_vendor_credential_secrets': m0048,
  '0049_withdrawal_second_approval': m0049,
  '0050_report_member_month': m0050,
  '0051_session_end_notify': m0051,
  '0052_affiliate_links': m0052,
  '0053_member_upline_history': m0053,
  '0054_agent_contract_flow': m0054,
  '0055_agent_settlement': m0055,
  '0056_agent_transfers': m0056,
  '0057_agent_settlement_desk': m0057,
  '0058_agent_downline_status': m0058,
  '0059_agent_settlement_debt': m0059,
  '0060_announcement_agents_audience': m0060,
  '0061_inbox': m0061,
  '0062_report_daily_member_product': m0062,
  '0063_bonus': m0063,
  '0064_promotions': m0064,
  '0065_rebates': m0065,
  '0066_chat': m0066,
  '0067_bonus_cost': m0067,
  '0068_lottery': m0068,
  '0069_lottery_betting': m0069,
  '0070_lottery_official': m0070,
  '0071_lottery_stock_games': m0071,
  '0072_lottery_yeekee': m0072,
  '0073_lottery_vn_provinces': m0073,
  '0075_lottery_chase_win_corrected': m0075,
  '0076_social_login': m0076,
  '0077_web_push': m0077,
  '0078_balance_notices_after_commit': m0078,
  '0079_media_variants': m0079,
  '0080_push_operator': m0080,
};

import type { LoginVerifyRequiredValue } from '@lotus/contract';
import { createStore, useStore } from './create-store';

/** A login on its way, handed from the login modal to the modals that finish it. */
export interface LoginAttempt {
  /** `social`: LINE, Google or Facebook (no password, no remember token: as SMS logins). */
  type: 'username' | 'sms' | 'remember' | 'social';
  /** The username (or mobile number) as sent. */
  username: string;
  /** The password just typed (username logins), so a forced change need not ask it again. Memory only. */
  typedPassword?: string;
  /** "Remember me" was ticked. */
  isRemembered: boolean;
}

/** The member centre's pages that exist so far (spec §2 names the rest). */
export type MemberCentrePage =
  | 'securityCenter'
  | 'depositv2'
  | 'withdraw'
  | 'transferFund'
  /** Shown only when /wps/member/info says `toUpline` (the merchant's switch, a member with an upline). */
  | 'transferUpline'
  | 'transactionHistory'
  | 'personalHistoryCopy'
  | 'personalProfit'
  /** The member's inbox (the original's name). */
  | 'messageV2'
  /** Rebates: the rates, the manual claim (when the merchant's mode is manual) and the last days' rebates. */
  | 'rebate'
  /** Rewards to claim (issued, with countdowns), the sign-in calendar, newbie tasks (promotions module). */
  | 'rewardCenter'
  /** Every bonus with its turnover progress and expiry, and the turnover status (bonus module). */
  | 'bonusDetails'
  | 'feedback';

/**
 * The site-wide modal that is open, if any. One at a time: opening another replaces it, as the
 * original did (login over register, register over login).
 */
export type OpenModal =
  /** `prefill`: the top bar's form was submitted; the modal goes straight to the slider. */
  | {
      kind: 'login';
      prefill?: { username: string; password: string };
      /** A success to show above the form (a password reset). */ messageKey?: string;
    }
  /** The logout confirmation of the logged-in strip (spec §2). */
  | { kind: 'logout' }
  | { kind: 'register' }
  | { kind: 'announcement'; announcementId?: string }
  | { kind: 'notice'; titleKey: string; messageKey: string }
  | { kind: 'forgotPassword' }
  /** The site opened with `?resetPassword=<token>` (the e-mailed link): choose a new password. */
  | { kind: 'resetPassword'; resetToken: string }
  /** A login answered `login_verify_required` (new IP, country or device): verify, then finish it. */
  | { kind: 'loginVerification'; challenge: LoginVerifyRequiredValue; attempt: LoginAttempt }
  /**
   * `isForced`: the server demands the change (expired or agent-set password) and refuses other calls
   * meanwhile; otherwise the member chose it in the member centre. `knownPassword`: the password just
   * typed at login, not asked again (spec §5). `account`: whom to log in again afterwards (spec §4).
   */
  | { kind: 'changePassword'; isForced: boolean; account?: string; knownPassword?: string; isRemembered?: boolean }
  /** The member centre panel (spec §2) on `page`; its default page is securityCenter. */
  | { kind: 'memberCentre'; page?: MemberCentrePage };

export const modalStore = createStore<OpenModal | null>(null);

export const openModal = (modal: OpenModal): void => modalStore.set(modal);
export const closeModal = (): void => modalStore.set(null);
export const useOpenModal = (): OpenModal | null => useStore(modalStore);

/**
 * The server refused a call with 403 `password.change.required`: the change-password modal comes
 * (back), unless it is open already, since that one may hold the password typed at login.
 */
export const requirePasswordChange = (account: string | null): void => {
  if (modalStore.get()?.kind !== 'changePassword')
    openModal({ kind: 'changePassword', isForced: true, account: account ?? undefined });
};

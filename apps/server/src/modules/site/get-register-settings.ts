import type { RegisterSettings } from '@lotus/contract';
import type { MerchantContext } from '../merchant/index.ts';

/**
 * GET /wps/system/setting/register: the rules the register form validates with. Everything comes
 * from the merchant's configuration, which the merchant lookup already holds (and drops on change),
 * so there is nothing to read or cache here.
 */
export function getRegisterSettings(merchant: MerchantContext): RegisterSettings {
  const { config } = merchant;
  return {
    rules: config.registerRules,
    minimumAge: config.minimumAge,
    usernameRegistration: config.switches.usernameRegistration,
    mobileRegistration: config.switches.mobileRegistration,
    mobileRegistrationPassword: config.switches.mobileRegistrationPassword,
    smsVerificationOnRegister: config.switches.smsVerificationOnRegister,
    directRegistration: config.switches.directRegistration,
  };
}

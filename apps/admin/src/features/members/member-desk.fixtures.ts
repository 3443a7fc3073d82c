import { memberProfileSchema, type AdminMemberRow, type MemberProfile } from '@lotus/contract';

/** A member's desk profile for component tests, with `changes` over an active member without restrictions. */
export function memberProfile(member: AdminMemberRow, changes: Partial<MemberProfile> = {}): MemberProfile {
  return memberProfileSchema.parse({
    member,
    restrictions: { status: member.status, loginForbidden: false, gamesForbidden: false },
    deskVersion: 3,
    profile: {
      nickname: null,
      payeeName: 'Somchai Jaidee',
      birthday: null,
      language: 'TH',
      line: null,
      telegram: null,
      registerMethod: 'WEB',
      registerIp: '203.0.113.9',
      registerDevice: 'web',
      registerDomain: 'demo.example',
      mustChangePassword: false,
      twoFactorEnabled: true,
      lastLoginAt: Date.UTC(2026, 10, 20, 9, 30),
      lastLoginIp: '203.0.113.9',
    },
    turnover: { required: '1500.00', wagered: '400.00', remaining: '1100.00', multiplier: 1.5 },
    tags: { names: ['VIP'], version: 2 },
    upline: null,
    directDownlines: 0,
    ...changes,
  });
}

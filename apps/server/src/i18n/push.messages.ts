/**
 * Messages of Web Push's back-office calls and the operator's test notice (modules/push), merged into
 * the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'push.key.changed': 'กุญแจ VAPID ถูกเปลี่ยนไปแล้วโดยผู้ดูแลคนอื่น ({field}) กรุณาโหลดหน้าใหม่และตรวจสอบอีกครั้ง',
  'push.member.off': 'สมาชิก {memberId} ไม่ได้เปิดรับการแจ้งเตือนแบบพุชในเว็บไซต์นี้ ({field})',
  'push.member.no.live': 'สมาชิก {memberId} ไม่มีอุปกรณ์ที่รับการแจ้งเตือนได้ในขณะนี้ ({field}): อุปกรณ์ต้องเข้าเว็บไซต์อีกครั้งเพื่อสมัครรับใหม่',
  'push.test.title': 'ทดสอบการแจ้งเตือนจาก {brand}',
  'push.test.body': 'นี่คือการแจ้งเตือนทดสอบ หากคุณเห็นข้อความนี้ แสดงว่าอุปกรณ์ของคุณรับการแจ้งเตือนได้',
};

export const en = {
  'push.key.changed': 'The VAPID key was changed by another operator ({field}): reload the page and check again',
  'push.member.off': 'Member {memberId} has not switched push notifications on at this site ({field})',
  'push.member.no.live':
    'Member {memberId} has no device that can receive notifications now ({field}): each device must visit the site again to re-subscribe',
  'push.test.title': 'Test notification from {brand}',
  'push.test.body': 'This is a test notification. If you can see it, your device receives notifications.',
};

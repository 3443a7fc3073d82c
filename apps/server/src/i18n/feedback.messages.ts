/** Messages of the feedback desk, merged into the catalogue by messages.ts. Same keys in TH and EN. */
export const th = {
  'feedback.version.conflict': 'ข้อเสนอแนะนี้ถูกเปลี่ยนโดยเจ้าหน้าที่อีกคนหลังจากที่คุณเปิดดู กรุณาโหลดใหม่และตรวจสอบอีกครั้ง',
  'feedback.closed': 'ข้อเสนอแนะนี้ปิดแล้ว ไม่สามารถตอบหรือปิดซ้ำได้',
};

export const en: Record<keyof typeof th, string> = {
  'feedback.version.conflict': 'Another operator changed this feedback after you opened it; reload and look again',
  'feedback.closed': 'This feedback is closed; it takes no answer and cannot be closed again',
};

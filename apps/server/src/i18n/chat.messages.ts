/** Messages of live chat (modules/chat), merged into the catalogue by messages.ts. Same keys in TH and EN. */
export const th = {
  'chat.visitors.not.allowed': 'กรุณาเข้าสู่ระบบก่อนแชทกับฝ่ายบริการลูกค้า',
  'chat.conversation.not.found': 'ไม่พบการสนทนานี้',
  'chat.conversation.closed': 'การสนทนานี้ปิดแล้ว กรุณาเริ่มการสนทนาใหม่',
  'chat.frame.invalid': 'ข้อความไม่ถูกต้อง',
  'chat.message.empty': 'กรุณาพิมพ์ข้อความหรือแนบรูปภาพอย่างใดอย่างหนึ่ง',
  'chat.image.not.found': 'ไม่พบรูปภาพนี้ในการสนทนา',
  'chat.already.assigned': 'เจ้าหน้าที่อีกคนรับการสนทนานี้ไปแล้ว กรุณาโหลดใหม่',
  'chat.operator.not.found': 'ไม่พบเจ้าหน้าที่ที่ตอบแชทได้',
  'chat.canned.reply.not.found': 'ไม่พบข้อความสำเร็จรูปนี้',
};

export const en: Record<keyof typeof th, string> = {
  'chat.visitors.not.allowed': 'Please log in to chat with customer service',
  'chat.conversation.not.found': 'This conversation was not found',
  'chat.conversation.closed': 'This conversation is closed; start a new one',
  'chat.frame.invalid': 'Invalid message',
  'chat.message.empty': 'Write a message or attach an image, one of the two',
  'chat.image.not.found': 'This image is not one of this conversation',
  'chat.already.assigned': 'Another operator took this conversation first; reload',
  'chat.operator.not.found': 'No operator who may answer chats has this id',
  'chat.canned.reply.not.found': 'This canned reply was not found',
};

/**
 * Messages of the member's inbox (modules/inbox): its errors, and the words of the system messages
 * (`inbox.<template>.subject` / `.content`, parameters in braces), worded in the reader's language when
 * read. Merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'inbox.mail.unknown': 'ไม่พบข้อความนี้ในกล่องข้อความของคุณ',
  'inbox.recipients.unknown': 'ไม่พบสมาชิกชื่อ: {names}',
  'inbox.deposit.approved.subject': 'อนุมัติการฝากเงินแล้ว',
  'inbox.deposit.approved.content':
    'รายการฝากเงิน #{depositId} จำนวน {amount} {currency} ได้รับการอนุมัติแล้ว ยอด {creditAmount} {currency} เข้ากระเป๋าหลักของคุณเรียบร้อย',
  'inbox.withdrawal.paid.subject': 'โอนเงินถอนแล้ว',
  'inbox.withdrawal.paid.content':
    'รายการถอนเงิน #{withdrawalId} จำนวน {amount} {currency} ได้โอนเข้าบัญชีธนาคารของคุณแล้ว กรุณายืนยันเมื่อได้รับเงิน',
  'inbox.agent.transfer.toDownline.subject': 'ได้รับเงินโอนจากต้นสาย',
  'inbox.agent.transfer.toDownline.content': 'คุณได้รับเงิน {amount} {currency} จาก {sender} เข้ากระเป๋าหลักแล้ว',
  'inbox.agent.transfer.toUpline.subject': 'ได้รับเงินโอนจากดาวน์ไลน์',
  'inbox.agent.transfer.toUpline.content': '{sender} ในทีมของคุณโอนเงิน {amount} {currency} เข้ากระเป๋าหลักของคุณแล้ว',
  'inbox.promotion.issued.subject': 'คุณได้รับรางวัลโปรโมชั่น',
  'inbox.promotion.issued.content':
    'รางวัลจากโปรโมชั่น "{nameTh}" ({nameEn}) จำนวน {amount} {currency} พร้อมให้รับแล้ว กดรับได้ที่ศูนย์รางวัลก่อนหมดอายุ',
  'inbox.promotion.rejected.subject': 'ใบสมัครโปรโมชั่นไม่ได้รับการอนุมัติ',
  'inbox.promotion.rejected.content': 'ใบสมัครโปรโมชั่น "{nameTh}" ({nameEn}) ของคุณไม่ได้รับการอนุมัติ: {remark}',
  'inbox.contract.offered.subject': 'มีข้อเสนอสัญญาตัวแทนใหม่',
  'inbox.contract.offered.content':
    'คุณได้รับข้อเสนอสัญญา{kindTh} ({kindEn}) #{contractId} กรุณาตรวจสอบแล้วตอบรับหรือปฏิเสธได้ที่ศูนย์ตัวแทน',
  'inbox.lottery.chase.stopped.subject': 'การแทงต่อเนื่องหยุดลงหลังแก้ไขผลรางวัล',
  'inbox.lottery.chase.stopped.content':
    'ผลรางวัล {gameTh} ({gameEn}) งวด {numero} ได้รับการแก้ไข และโพยของคุณในงวดนั้นถูกรางวัล การแทงต่อเนื่องที่ตั้งหยุดเมื่อถูกรางวัลจึงหยุดลง โพยในงวดถัดไปที่ยังเปิดรับแทง {orders} รายการถูกยกเลิกและคืนเงิน {amount} {currency} เข้ายอดเงินของคุณแล้ว โพยในงวดที่ปิดรับแล้วยังคงอยู่',
  'inbox.lottery.chase.winCorrected.subject': 'รางวัลที่หยุดการแทงต่อเนื่องถูกแก้ไข',
  'inbox.lottery.chase.winCorrected.content':
    'ผลรางวัล {gameTh} ({gameEn}) งวด {numero} ได้รับการแก้ไข รางวัลที่ทำให้การแทงต่อเนื่องของคุณหยุดลงถูกเรียกคืน โพยงวดถัดไปที่คืนเงินไปแล้วยังคงคืนเงินตามเดิมและไม่มีการหักเงินซ้ำ หากต้องการแทงงวดเหล่านั้นอีก แทงใหม่ได้ที่หน้าหวย',
};

export const en: Record<keyof typeof th, string> = {
  'inbox.mail.unknown': 'This message is not in your inbox.',
  'inbox.recipients.unknown': 'No member is called: {names}',
  'inbox.deposit.approved.subject': 'Deposit approved',
  'inbox.deposit.approved.content':
    'Your deposit #{depositId} of {amount} {currency} was approved: {creditAmount} {currency} is in your main wallet.',
  'inbox.withdrawal.paid.subject': 'Withdrawal paid',
  'inbox.withdrawal.paid.content':
    'Your withdrawal #{withdrawalId} of {amount} {currency} was sent to your bank account. Please confirm once you receive it.',
  'inbox.agent.transfer.toDownline.subject': 'Money from your upline',
  'inbox.agent.transfer.toDownline.content': 'You received {amount} {currency} from {sender} in your main wallet.',
  'inbox.agent.transfer.toUpline.subject': 'Money from your team',
  'inbox.agent.transfer.toUpline.content': '{sender} of your team sent {amount} {currency} to your main wallet.',
  'inbox.promotion.issued.subject': 'A promotion reward for you',
  'inbox.promotion.issued.content':
    'Your reward of {amount} {currency} from "{nameEn}" ({nameTh}) is ready: claim it in the reward centre before it expires.',
  'inbox.promotion.rejected.subject': 'Promotion application not approved',
  'inbox.promotion.rejected.content': 'Your application for "{nameEn}" ({nameTh}) was not approved: {remark}',
  'inbox.contract.offered.subject': 'New agent contract offer',
  'inbox.contract.offered.content':
    'You have a new {kindEn} ({kindTh}) contract offer #{contractId}. Review it in the agent centre to accept or refuse it.',
  'inbox.lottery.chase.stopped.subject': 'Your chase stopped after a result correction',
  'inbox.lottery.chase.stopped.content':
    'The result of {gameEn} ({gameTh}) draw {numero} was corrected and your bet on it now wins, so your chase with stop on win has stopped. {orders} later bet(s) on draws still open were cancelled and {amount} {currency} refunded to your balance; bets on draws already closed stay.',
  'inbox.lottery.chase.winCorrected.subject': 'The win that stopped your chase was corrected',
  'inbox.lottery.chase.winCorrected.content':
    'The result of {gameEn} ({gameTh}) draw {numero} was corrected: the win that stopped your chase was taken back. The later bets refunded when it stopped stay refunded and nothing was debited again; to bet on those draws again, place new bets on the lottery page.',
};

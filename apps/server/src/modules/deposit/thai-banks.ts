import type { Bank, ThaiBankCode } from '@lotus/contract';

/**
 * The main Thai banks for `MCSFE_getBanks` and the operator's receiving accounts: the Bank of
 * Thailand's short name, its three-digit bank number, and the names members know in Thai and English.
 */
export const thaiBanks: readonly Bank[] = [
  { bankCode: 'BBL', bankNo: '002', nameTh: 'ธนาคารกรุงเทพ', nameEn: 'Bangkok Bank' },
  { bankCode: 'KBANK', bankNo: '004', nameTh: 'ธนาคารกสิกรไทย', nameEn: 'Kasikornbank' },
  { bankCode: 'KTB', bankNo: '006', nameTh: 'ธนาคารกรุงไทย', nameEn: 'Krungthai Bank' },
  { bankCode: 'TTB', bankNo: '011', nameTh: 'ธนาคารทหารไทยธนชาต', nameEn: 'TMBThanachart Bank' },
  { bankCode: 'SCB', bankNo: '014', nameTh: 'ธนาคารไทยพาณิชย์', nameEn: 'Siam Commercial Bank' },
  { bankCode: 'CIMBT', bankNo: '022', nameTh: 'ธนาคารซีไอเอ็มบี ไทย', nameEn: 'CIMB Thai Bank' },
  { bankCode: 'UOBT', bankNo: '024', nameTh: 'ธนาคารยูโอบี', nameEn: 'United Overseas Bank (Thai)' },
  { bankCode: 'BAY', bankNo: '025', nameTh: 'ธนาคารกรุงศรีอยุธยา', nameEn: 'Bank of Ayudhya (Krungsri)' },
  { bankCode: 'GSB', bankNo: '030', nameTh: 'ธนาคารออมสิน', nameEn: 'Government Savings Bank' },
  { bankCode: 'GHB', bankNo: '033', nameTh: 'ธนาคารอาคารสงเคราะห์', nameEn: 'Government Housing Bank' },
  {
    bankCode: 'BAAC',
    bankNo: '034',
    nameTh: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    nameEn: 'Bank for Agriculture and Agricultural Cooperatives',
  },
  { bankCode: 'TISCO', bankNo: '067', nameTh: 'ธนาคารทิสโก้', nameEn: 'TISCO Bank' },
  { bankCode: 'KKP', bankNo: '069', nameTh: 'ธนาคารเกียรตินาคินภัทร', nameEn: 'Kiatnakin Phatra Bank' },
  { bankCode: 'ICBCT', bankNo: '070', nameTh: 'ธนาคารไอซีบีซี (ไทย)', nameEn: 'ICBC (Thai)' },
  { bankCode: 'LHBANK', bankNo: '073', nameTh: 'ธนาคารแลนด์ แอนด์ เฮ้าส์', nameEn: 'Land and Houses Bank' },
];

const byCode = new Map(thaiBanks.map((bank) => [bank.bankCode, bank]));

export function findThaiBank(code: string): Bank | null {
  return byCode.get(code as ThaiBankCode) ?? null;
}

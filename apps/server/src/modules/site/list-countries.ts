import type { Country, Language } from '@lotus/contract';

/**
 * GET /wps/system/country: dialling codes for the phone inputs. Thailand first (the brand's home),
 * then its neighbours and the rest of ASEAN, then the countries visitors most often come from.
 * The list is static, so it is built once per language and needs no cache or database.
 */
const countries: ReadonlyArray<{ code: string; dialingCode: string; name: Record<Language, string> }> = [
  { code: 'TH', dialingCode: '+66', name: { TH: 'ไทย', EN: 'Thailand' } },
  { code: 'LA', dialingCode: '+856', name: { TH: 'ลาว', EN: 'Laos' } },
  { code: 'KH', dialingCode: '+855', name: { TH: 'กัมพูชา', EN: 'Cambodia' } },
  { code: 'MM', dialingCode: '+95', name: { TH: 'เมียนมา', EN: 'Myanmar' } },
  { code: 'MY', dialingCode: '+60', name: { TH: 'มาเลเซีย', EN: 'Malaysia' } },
  { code: 'VN', dialingCode: '+84', name: { TH: 'เวียดนาม', EN: 'Vietnam' } },
  { code: 'SG', dialingCode: '+65', name: { TH: 'สิงคโปร์', EN: 'Singapore' } },
  { code: 'ID', dialingCode: '+62', name: { TH: 'อินโดนีเซีย', EN: 'Indonesia' } },
  { code: 'PH', dialingCode: '+63', name: { TH: 'ฟิลิปปินส์', EN: 'Philippines' } },
  { code: 'BN', dialingCode: '+673', name: { TH: 'บรูไน', EN: 'Brunei' } },
  { code: 'TL', dialingCode: '+670', name: { TH: 'ติมอร์-เลสเต', EN: 'Timor-Leste' } },
  { code: 'CN', dialingCode: '+86', name: { TH: 'จีน', EN: 'China' } },
  { code: 'HK', dialingCode: '+852', name: { TH: 'ฮ่องกง', EN: 'Hong Kong' } },
  { code: 'MO', dialingCode: '+853', name: { TH: 'มาเก๊า', EN: 'Macau' } },
  { code: 'TW', dialingCode: '+886', name: { TH: 'ไต้หวัน', EN: 'Taiwan' } },
  { code: 'JP', dialingCode: '+81', name: { TH: 'ญี่ปุ่น', EN: 'Japan' } },
  { code: 'KR', dialingCode: '+82', name: { TH: 'เกาหลีใต้', EN: 'South Korea' } },
  { code: 'IN', dialingCode: '+91', name: { TH: 'อินเดีย', EN: 'India' } },
  { code: 'AE', dialingCode: '+971', name: { TH: 'สหรัฐอาหรับเอมิเรตส์', EN: 'United Arab Emirates' } },
  { code: 'AU', dialingCode: '+61', name: { TH: 'ออสเตรเลีย', EN: 'Australia' } },
  { code: 'NZ', dialingCode: '+64', name: { TH: 'นิวซีแลนด์', EN: 'New Zealand' } },
  { code: 'GB', dialingCode: '+44', name: { TH: 'สหราชอาณาจักร', EN: 'United Kingdom' } },
  { code: 'US', dialingCode: '+1', name: { TH: 'สหรัฐอเมริกา', EN: 'United States' } },
  { code: 'CA', dialingCode: '+1', name: { TH: 'แคนาดา', EN: 'Canada' } },
];

/** The flag emoji of an ISO 3166 code: each letter as its regional indicator symbol. */
export function flagOf(countryCode: string): string {
  const regionalIndicatorA = 0x1f1e6;
  return String.fromCodePoint(
    ...[...countryCode.toUpperCase()].map((letter) => regionalIndicatorA + letter.charCodeAt(0) - 65),
  );
}

const countryListByLanguage: Record<Language, Country[]> = {
  TH: buildList('TH'),
  EN: buildList('EN'),
};

function buildList(language: Language): Country[] {
  return countries.map((country) => ({
    countryCode: country.code,
    countryDialingCode: country.dialingCode,
    name: country.name[language],
    flag: flagOf(country.code),
  }));
}

export function listCountries(language: Language): Country[] {
  return countryListByLanguage[language];
}

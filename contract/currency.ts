// No zod here: the seed, the countries service and the panel's money formatting read these.

/** An ISO 4217 code: three capital letters. */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Currencies shared by several countries, and the countries that use each (ISO 3166-1 alpha-2). */
const SHARED: Record<string, string> = {
  EUR: 'AD AT AX BE BG BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT',
  USD: 'AS BQ EC FM GU IO MH MP PR PW SV TC TL UM US VG VI ZW',
  XOF: 'BF BJ CI GW ML NE SN TG',
  XAF: 'CF CG CM GA GQ TD',
  XCD: 'AG AI DM GD KN LC MS VC',
  AUD: 'AU CC CX HM KI NF NR TV',
  NZD: 'CK NU NZ PN TK',
  XPF: 'NC PF WF',
  NOK: 'BV NO SJ',
  DKK: 'DK FO GL',
  GBP: 'GB GG GS IM JE',
  CHF: 'CH LI',
  XCG: 'CW SX',
  MAD: 'EH MA',
  ILS: 'IL PS',
};

/** Every other country with its own currency, as 'country:currency'. */
const OWN =
  'AE:AED AF:AFN AL:ALL AM:AMD AO:AOA AR:ARS AW:AWG AZ:AZN BA:BAM BB:BBD BD:BDT BH:BHD BI:BIF BM:BMD BN:BND BO:BOB ' +
  'BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN BZ:BZD CA:CAD CD:CDF CL:CLP CN:CNY CO:COP CR:CRC CU:CUP CV:CVE CZ:CZK DJ:DJF ' +
  'DO:DOP DZ:DZD EG:EGP ER:ERN ET:ETB FJ:FJD FK:FKP GE:GEL GH:GHS GI:GIP GM:GMD GN:GNF GT:GTQ GY:GYD HK:HKD HN:HNL ' +
  'HT:HTG HU:HUF ID:IDR IN:INR IQ:IQD IR:IRR IS:ISK JM:JMD JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KM:KMF KP:KPW KR:KRW ' +
  'KW:KWD KY:KYD KZ:KZT LA:LAK LB:LBP LK:LKR LR:LRD LS:LSL LY:LYD MD:MDL MG:MGA MK:MKD MM:MMK MN:MNT MO:MOP MR:MRU ' +
  'MU:MUR MV:MVR MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NG:NGN NI:NIO NP:NPR OM:OMR PA:PAB PE:PEN PG:PGK PH:PHP PK:PKR ' +
  'PL:PLN PY:PYG QA:QAR RO:RON RS:RSD RU:RUB RW:RWF SA:SAR SB:SBD SC:SCR SD:SDG SE:SEK SG:SGD SH:SHP SL:SLE SO:SOS ' +
  'SR:SRD SS:SSP ST:STN SY:SYP SZ:SZL TH:THB TJ:TJS TM:TMT TN:TND TO:TOP TR:TRY TT:TTD TW:TWD TZ:TZS UA:UAH UG:UGX ' +
  'UY:UYU UZ:UZS VE:VES VN:VND VU:VUV WS:WST YE:YER ZA:ZAR ZM:ZMW';

/** Each country's currency (ISO 3166-1 alpha-2 → ISO 4217); Antarctica has none. */
export const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(Object.entries(SHARED).flatMap(([currency, codes]) => codes.split(' ').map((code) => [code, currency]))),
  ...Object.fromEntries(OWN.split(' ').map((pair) => pair.split(':') as [string, string])),
});

/** The currency of the country with this ISO 3166-1 code, or null when there is none or the code is unknown. */
export const currencyOfCountry = (code: string | null | undefined): string | null => (code ? (COUNTRY_CURRENCIES[code] ?? null) : null);

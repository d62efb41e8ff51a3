// Country dial codes for the phone input's picker: ISO 3166-1 alpha-2 code, dial code (NANP members carry their
// area code, e.g. Jamaica 1876), English name. Kept as one compact string and split on first use.
const DATA =
  'AF93Afghanistan|AX358Åland Islands|AL355Albania|DZ213Algeria|AS1684American Samoa|AD376Andorra|AO244Angola|AI1264Anguilla|' +
  'AG1268Antigua and Barbuda|AR54Argentina|AM374Armenia|AW297Aruba|AU61Australia|AT43Austria|AZ994Azerbaijan|BS1242Bahamas|' +
  'BH973Bahrain|BD880Bangladesh|BB1246Barbados|BY375Belarus|BE32Belgium|BZ501Belize|BJ229Benin|BM1441Bermuda|BT975Bhutan|' +
  'BO591Bolivia|BA387Bosnia and Herzegovina|BW267Botswana|BR55Brazil|IO246British Indian Ocean Territory|VG1284British Virgin Islands|' +
  'BN673Brunei|BG359Bulgaria|BF226Burkina Faso|BI257Burundi|KH855Cambodia|CM237Cameroon|CA1Canada|CV238Cape Verde|' +
  'BQ599Caribbean Netherlands|KY1345Cayman Islands|CF236Central African Republic|TD235Chad|CL56Chile|CN86China|CX61Christmas Island|' +
  'CC61Cocos (Keeling) Islands|CO57Colombia|KM269Comoros|CG242Congo|CD243Congo (DRC)|CK682Cook Islands|CR506Costa Rica|' +
  "CI225Côte d'Ivoire|HR385Croatia|CU53Cuba|CW599Curaçao|CY357Cyprus|CZ420Czechia|DK45Denmark|DJ253Djibouti|DM1767Dominica|" +
  'DO1809Dominican Republic|EC593Ecuador|EG20Egypt|SV503El Salvador|GQ240Equatorial Guinea|ER291Eritrea|EE372Estonia|SZ268Eswatini|' +
  'ET251Ethiopia|FK500Falkland Islands|FO298Faroe Islands|FJ679Fiji|FI358Finland|FR33France|GF594French Guiana|PF689French Polynesia|' +
  'GA241Gabon|GM220Gambia|GE995Georgia|DE49Germany|GH233Ghana|GI350Gibraltar|GR30Greece|GL299Greenland|GD1473Grenada|' +
  'GP590Guadeloupe|GU1671Guam|GT502Guatemala|GG44Guernsey|GN224Guinea|GW245Guinea-Bissau|GY592Guyana|HT509Haiti|HN504Honduras|' +
  'HK852Hong Kong|HU36Hungary|IS354Iceland|IN91India|ID62Indonesia|IR98Iran|IQ964Iraq|IE353Ireland|IM44Isle of Man|IL972Israel|' +
  'IT39Italy|JM1876Jamaica|JP81Japan|JE44Jersey|JO962Jordan|KZ7Kazakhstan|KE254Kenya|KI686Kiribati|XK383Kosovo|KW965Kuwait|' +
  'KG996Kyrgyzstan|LA856Laos|LV371Latvia|LB961Lebanon|LS266Lesotho|LR231Liberia|LY218Libya|LI423Liechtenstein|LT370Lithuania|' +
  'LU352Luxembourg|MO853Macao|MG261Madagascar|MW265Malawi|MY60Malaysia|MV960Maldives|ML223Mali|MT356Malta|MH692Marshall Islands|' +
  'MQ596Martinique|MR222Mauritania|MU230Mauritius|YT262Mayotte|MX52Mexico|FM691Micronesia|MD373Moldova|MC377Monaco|MN976Mongolia|' +
  'ME382Montenegro|MS1664Montserrat|MA212Morocco|MZ258Mozambique|MM95Myanmar|NA264Namibia|NR674Nauru|NP977Nepal|NL31Netherlands|' +
  'NC687New Caledonia|NZ64New Zealand|NI505Nicaragua|NE227Niger|NG234Nigeria|NU683Niue|NF672Norfolk Island|KP850North Korea|' +
  'MK389North Macedonia|MP1670Northern Mariana Islands|NO47Norway|OM968Oman|PK92Pakistan|PW680Palau|PS970Palestine|PA507Panama|' +
  'PG675Papua New Guinea|PY595Paraguay|PE51Peru|PH63Philippines|PL48Poland|PT351Portugal|PR1787Puerto Rico|QA974Qatar|RE262Réunion|' +
  'RO40Romania|RU7Russia|RW250Rwanda|BL590Saint Barthélemy|SH290Saint Helena|KN1869Saint Kitts and Nevis|LC1758Saint Lucia|' +
  'MF590Saint Martin|PM508Saint Pierre and Miquelon|VC1784Saint Vincent and the Grenadines|WS685Samoa|SM378San Marino|' +
  'ST239São Tomé and Príncipe|SA966Saudi Arabia|SN221Senegal|RS381Serbia|SC248Seychelles|SL232Sierra Leone|SG65Singapore|' +
  'SX1721Sint Maarten|SK421Slovakia|SI386Slovenia|SB677Solomon Islands|SO252Somalia|ZA27South Africa|KR82South Korea|' +
  'SS211South Sudan|ES34Spain|LK94Sri Lanka|SD249Sudan|SR597Suriname|SJ47Svalbard and Jan Mayen|SE46Sweden|CH41Switzerland|' +
  'SY963Syria|TW886Taiwan|TJ992Tajikistan|TZ255Tanzania|TH66Thailand|TL670Timor-Leste|TG228Togo|TK690Tokelau|TO676Tonga|' +
  'TT1868Trinidad and Tobago|TN216Tunisia|TR90Türkiye|TM993Turkmenistan|TC1649Turks and Caicos Islands|TV688Tuvalu|' +
  'VI1340U.S. Virgin Islands|UG256Uganda|UA380Ukraine|AE971United Arab Emirates|GB44United Kingdom|US1United States|UY598Uruguay|' +
  'UZ998Uzbekistan|VU678Vanuatu|VA39Vatican City|VE58Venezuela|VN84Vietnam|WF681Wallis and Futuna|EH212Western Sahara|YE967Yemen|' +
  'ZM260Zambia|ZW263Zimbabwe'

export type Country = { code: string; dial: string; name: string }

let parsed: Country[] | undefined

/** All countries, by English name. */
export const countries = (): Country[] =>
  (parsed ??= DATA.split('|').map((entry) => ({
    code: entry.slice(0, 2),
    dial: /^\d+/.exec(entry.slice(2))![0],
    name: entry.slice(2).replace(/^\d+/, ''),
  })))

// Small offline lists of place and calendar names: a text column whose sampled values are
// mostly countries answers "country", mostly US states "state", and so on (see valueKinds.ts).
// Written as comma-separated text so each list stays a paragraph.

function list(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export const CONTINENTS = list(`africa, asia, europe, north america, south america,
latin america, oceania, australia, antarctica, america, americas, middle east, caribbean,
central america, eastern europe, western europe, southeast asia, east asia, south asia,
sub saharan africa, north africa, australasia, scandinavia`);

export const COUNTRIES = list(`afghanistan, albania, algeria, andorra, angola, argentina,
armenia, australia, austria, azerbaijan, bahamas, bahrain, bangladesh, barbados, belarus,
belgium, belize, benin, bhutan, bolivia, bosnia, bosnia and herzegovina, botswana, brazil,
brunei, bulgaria, burkina faso, burundi, cambodia, cameroon, canada, cape verde, chad, chile,
china, colombia, comoros, congo, costa rica, croatia, cuba, cyprus, czech republic, czechia,
denmark, djibouti, dominica, dominican republic, ecuador, egypt, el salvador, eritrea, estonia,
eswatini, ethiopia, fiji, finland, france, gabon, gambia, georgia, germany, ghana, greece,
grenada, guatemala, guinea, guyana, haiti, honduras, hong kong, hungary, iceland, india,
indonesia, iran, iraq, ireland, israel, italy, ivory coast, jamaica, japan, jordan, kazakhstan,
kenya, kiribati, korea, north korea, south korea, kosovo, kuwait, kyrgyzstan, laos, latvia,
lebanon, lesotho, liberia, libya, liechtenstein, lithuania, luxembourg, madagascar, malawi,
malaysia, maldives, mali, malta, mauritania, mauritius, mexico, moldova, monaco, mongolia,
montenegro, morocco, mozambique, myanmar, burma, namibia, nauru, nepal, netherlands, holland,
new zealand, nicaragua, niger, nigeria, norway, oman, pakistan, palau, palestine, panama,
papua new guinea, paraguay, peru, philippines, poland, portugal, qatar, romania, russia,
rwanda, samoa, san marino, saudi arabia, senegal, serbia, seychelles, sierra leone, singapore,
slovakia, slovenia, somalia, south africa, spain, sri lanka, sudan, south sudan, suriname,
sweden, switzerland, syria, taiwan, tajikistan, tanzania, thailand, togo, tonga,
trinidad and tobago, tunisia, turkey, turkmenistan, tuvalu, uganda, ukraine,
united arab emirates, uae, united kingdom, uk, great britain, britain, england, scotland, wales,
united states, united states of america, usa, us, uruguay, uzbekistan, vanuatu, venezuela,
vietnam, yemen, zambia, zimbabwe`);

export const US_STATES = list(`alabama, alaska, arizona, arkansas, california, colorado,
connecticut, delaware, florida, georgia, hawaii, idaho, illinois, indiana, iowa, kansas,
kentucky, louisiana, maine, maryland, massachusetts, michigan, minnesota, mississippi,
missouri, montana, nebraska, nevada, new hampshire, new jersey, new mexico, new york,
north carolina, north dakota, ohio, oklahoma, oregon, pennsylvania, rhode island,
south carolina, south dakota, tennessee, texas, utah, vermont, virginia, washington,
west virginia, wisconsin, wyoming, district of columbia, al, ak, az, ar, ca, co, ct, de, fl,
ga, hi, id, il, in, ia, ks, ky, la, me, md, ma, mi, mn, ms, mo, mt, ne, nv, nh, nj, nm, ny, nc,
nd, oh, ok, or, pa, ri, sc, sd, tn, tx, ut, vt, va, wa, wv, wi, wy, dc`);

export const CITIES = list(`new york, los angeles, chicago, houston, phoenix, philadelphia,
san antonio, san diego, dallas, san jose, austin, seattle, denver, boston, atlanta, miami,
detroit, portland, las vegas, san francisco, washington, baltimore, nashville, minneapolis,
new orleans, cleveland, pittsburgh, st louis, kansas city, tampa, orlando, charlotte,
sacramento, salt lake city, honolulu, london, paris, berlin, madrid, rome, milan, amsterdam,
brussels, vienna, zurich, geneva, munich, hamburg, barcelona, lisbon, dublin, edinburgh,
manchester, stockholm, oslo, copenhagen, helsinki, warsaw, prague, budapest, athens, istanbul,
moscow, cairo, lagos, nairobi, johannesburg, cape town, dubai, mumbai, delhi, new delhi,
bangalore, karachi, dhaka, bangkok, singapore, jakarta, manila, hong kong, shanghai, beijing,
shenzhen, seoul, tokyo, osaka, taipei, sydney, melbourne, brisbane, perth, auckland, toronto,
montreal, vancouver, mexico city, sao paulo, rio de janeiro, buenos aires, lima, bogota,
santiago`);

export const MONTH_NAMES = list(`january, february, march, april, may, june, july, august,
september, october, november, december, jan, feb, mar, apr, jun, jul, aug, sep, sept, oct, nov,
dec`);

export const WEEKDAYS = list(`monday, tuesday, wednesday, thursday, friday, saturday, sunday,
mon, tue, tues, wed, thu, thur, thurs, fri, sat, sun`);

// The states of the United States and the provinces and territories of Canada, by their
// ISO 3166-2 codes and the names a postal address may spell them with ("Texas", "Québec",
// "Washington, D.C."), so a provider's address (a card's billing address, a payout account
// holder's address: play-regions.ts addressRegionOf) is read as the same region whichever
// way it was typed. The one table of them; pure.

/** Each subdivision's code, then the names it is also written as (the official one first; French too in Canada). */
const SUBDIVISIONS: Readonly<Record<"US" | "CA", Readonly<Record<string, readonly string[]>>>> = {
  US: {
    AL: ["Alabama"],
    AK: ["Alaska"],
    AZ: ["Arizona"],
    AR: ["Arkansas"],
    CA: ["California"],
    CO: ["Colorado"],
    CT: ["Connecticut"],
    DE: ["Delaware"],
    FL: ["Florida"],
    GA: ["Georgia"],
    HI: ["Hawaii", "Hawaiʻi"],
    ID: ["Idaho"],
    IL: ["Illinois"],
    IN: ["Indiana"],
    IA: ["Iowa"],
    KS: ["Kansas"],
    KY: ["Kentucky"],
    LA: ["Louisiana"],
    ME: ["Maine"],
    MD: ["Maryland"],
    MA: ["Massachusetts"],
    MI: ["Michigan"],
    MN: ["Minnesota"],
    MS: ["Mississippi"],
    MO: ["Missouri"],
    MT: ["Montana"],
    NE: ["Nebraska"],
    NV: ["Nevada"],
    NH: ["New Hampshire"],
    NJ: ["New Jersey"],
    NM: ["New Mexico"],
    NY: ["New York"],
    NC: ["North Carolina"],
    ND: ["North Dakota"],
    OH: ["Ohio"],
    OK: ["Oklahoma"],
    OR: ["Oregon"],
    PA: ["Pennsylvania"],
    RI: ["Rhode Island"],
    SC: ["South Carolina"],
    SD: ["South Dakota"],
    TN: ["Tennessee"],
    TX: ["Texas"],
    UT: ["Utah"],
    VT: ["Vermont"],
    VA: ["Virginia"],
    WA: ["Washington"],
    WV: ["West Virginia"],
    WI: ["Wisconsin"],
    WY: ["Wyoming"],
    DC: ["District of Columbia", "Washington, D.C.", "Washington DC"],
    AS: ["American Samoa"],
    GU: ["Guam"],
    MP: ["Northern Mariana Islands"],
    PR: ["Puerto Rico"],
    UM: ["United States Minor Outlying Islands"],
    VI: ["U.S. Virgin Islands", "United States Virgin Islands", "Virgin Islands"],
  },
  CA: {
    AB: ["Alberta"],
    BC: ["British Columbia", "Colombie-Britannique"],
    MB: ["Manitoba"],
    NB: ["New Brunswick", "Nouveau-Brunswick"],
    NL: ["Newfoundland and Labrador", "Newfoundland", "Terre-Neuve-et-Labrador"],
    NS: ["Nova Scotia", "Nouvelle-Écosse"],
    NT: ["Northwest Territories", "Territoires du Nord-Ouest"],
    NU: ["Nunavut"],
    ON: ["Ontario"],
    PE: ["Prince Edward Island", "Île-du-Prince-Édouard"],
    QC: ["Quebec", "Québec"],
    SK: ["Saskatchewan"],
    YT: ["Yukon", "Yukon Territory"],
  },
};

/** "Nouvelle-Écosse" → "nouvelle ecosse", "Washington, D.C." → "washington dc": case, accents, punctuation and spacing aside. */
function normalized(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[.'ʻ’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

let byName: ReadonlyMap<string, ReadonlyMap<string, string>> | undefined;

/**
 * Each country's codes and names, normalized, to its code. Built on first use, so a bundle
 * that never reads an address (the SPA's first load) leaves the table out.
 */
function byNameTable(): ReadonlyMap<string, ReadonlyMap<string, string>> {
  byName ??= new Map(
    Object.entries(SUBDIVISIONS).map(([country, codes]) => [
      country,
      new Map(
        Object.entries(codes).flatMap(([code, names]) => [
          [normalized(code), code] as const,
          ...names.map((name) => [normalized(name), code] as const),
        ]),
      ),
    ]),
  );
  return byName;
}

/** Whether `country` ("US", "CA") is one whose subdivisions this table names. */
export function namesSubdivisions(country: string): boolean {
  return byNameTable().has(country);
}

/**
 * The ISO 3166-2 code of the US state or Canadian province or territory `text` names, as a
 * code ("tx", "TX") or by name ("Texas", "texas", "Québec"); null for anything else (another
 * country, empty, a name or code it is not: "Tex.", "ZZ").
 */
export function subdivisionCodeOf(country: string, text: string | null | undefined): string | null {
  return (
    byNameTable()
      .get(country)
      ?.get(normalized(text ?? "")) ?? null
  );
}

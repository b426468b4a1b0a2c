// The dated region rules Vantage ships (src/shared/region-rules.ts says what each mode
// means). Current as of its commit: each entry names the statute or regulator action it
// rests on, with a link. How to keep it current is in docs/region-rules.md: a new law is
// a new entry dated the day it takes effect (a future day switches on by itself, no
// deploy needed for that day), never an edit of an old one, so the table stays a history.
// Entries about casino-style games only are kept for the record and change nothing here.
import type { RegionRuleEntry } from "./region-rules";

/** The day a long-standing exclusion with no dated action is counted from (before Vantage). */
const LONG_STANDING = "2018-01-01";

const sports = "sweepstakes-sports" as const;

/**
 * Sources are the law's page where one was found, else the most reliable report of it
 * (docs/region-rules-research.md has every source, its confidence and what it says). A law
 * that reaches all sweepstakes reaches sweepstakes sports play: such entries are `sports`.
 */
export const REGION_RULES: readonly RegionRuleEntry[] = [
  // Long-standing exclusions of sweepstakes operators.
  {
    region: "US-WA",
    mode: "coins-only",
    from: "2018-03-28",
    covers: sports,
    source: {
      title: "Washington RCW 9.46.240 and Kater v. Churchill Downs (9th Cir. 2018): virtual chips are a thing of value",
      url: "https://app.leg.wa.gov/rcw/default.aspx?cite=9.46.240",
    },
  },
  {
    region: "US-ID",
    mode: "coins-only",
    from: LONG_STANDING,
    covers: sports,
    source: {
      title: "Idaho Code § 18-3801 (gambling) and Idaho Constitution art. III § 20",
      url: "https://legislature.idaho.gov/statutesrules/idstat/title18/t18ch38/sect18-3801/",
    },
  },
  {
    // Reported actions name casino-style sweepstakes only; RESTRICTED_REGIONS keeps Michigan Coins-only by the operator's choice.
    region: "US-MI",
    mode: "coins-only",
    from: "2023-11-02",
    covers: "casino-only",
    source: {
      title: "Michigan Gaming Control Board cease-and-desist letters to sweepstakes casinos",
      url: "https://www.gamingtoday.com/news/michigan-gaming-control-board-cracks-down-unregulated-operators/",
    },
  },
  {
    // As Michigan: a casino-style action; RESTRICTED_REGIONS keeps Delaware Coins-only.
    region: "US-DE",
    mode: "coins-only",
    from: "2025-04-02",
    covers: "casino-only",
    source: {
      title: "Delaware Division of Gaming Enforcement cease-and-desist to VGW",
      url: "https://www.gamblinginsider.com/news/29005/delaware-issues-cease-and-desist-order-against-vgw",
    },
  },
  {
    region: "US-MD",
    mode: "coins-only",
    from: "2025-03-12",
    covers: "casino-only",
    source: {
      title: "Maryland Lottery and Gaming Control Agency cease-and-desist letters to VGW",
      url: "https://dyutam.com/news/maryland-refiles-sweepstakes-ban",
    },
  },
  // Laws and regulator actions since 2025.
  {
    region: "US-TN",
    mode: "coins-only",
    from: "2025-09-18",
    covers: sports,
    source: {
      title: "Tennessee Sports Wagering Council cease-and-desist letters to sweepstakes sportsbooks",
      url: "https://www.covers.com/industry/sportzino-exits-tennessee-following-cease-and-desist-sept-23-2025",
    },
  },
  {
    region: "US-AZ",
    mode: "coins-only",
    from: "2025-04-17",
    covers: sports,
    source: {
      title: "Arizona Department of Gaming cease-and-desist orders to sweepstakes sportsbooks",
      url: "https://covers.com/industry/arizona-issues-cease-and-desist-orders-to-unregulated-gambling-operators",
    },
  },
  {
    // The Legislature's ban (SB 181) was vetoed on 2025-06-12; the regulator's letters are the source.
    region: "US-LA",
    mode: "coins-only",
    from: "2025-06-17",
    covers: sports,
    source: {
      title: "Louisiana Gaming Control Board cease-and-desist letters to sweepstakes operators (SB 181 vetoed)",
      url: "https://www.legalsportsreport.com/235700/landry-sweepstakes-casino-ban-veto/",
    },
  },
  {
    region: "US-MS",
    mode: "coins-only",
    from: "2025-06-17",
    covers: sports,
    source: {
      title: "Mississippi Gaming Commission cease-and-desist orders: online sports wagering only in licensed casinos",
      url: "https://sbcamericas.com/2025/06/18/regulators-in-louisiana-mississippi-send-cd-orders-to-sweeps-casinos/",
    },
  },
  {
    region: "US-NJ",
    mode: "coins-only",
    from: "2025-08-15",
    covers: sports,
    source: { title: "New Jersey A5447 (2025), naming simulated sports wagering", url: "https://www.sweepsy.com/?p=13561" },
  },
  {
    region: "US-CT",
    mode: "coins-only",
    from: "2025-10-01",
    covers: sports,
    source: {
      title: "Connecticut SB 1235 (Public Act 25-112), naming simulated sports wagering",
      url: "https://www.cga.ct.gov/asp/cgabillstatus/cgabillstatus.asp?selBillType=Bill&which_year=2025&bill_num=1235",
    },
  },
  {
    region: "US-MT",
    mode: "coins-only",
    from: "2025-10-01",
    covers: sports,
    source: { title: "Montana SB 555 (2025)", url: "https://www.legalsportsreport.com/233963/montana-sweepstakes-casinos-bill-ban/" },
  },
  {
    region: "US-NV",
    mode: "coins-only",
    from: "2025-10-01",
    covers: sports,
    source: {
      title: "Nevada SB 256 (2025), on unlicensed gaming",
      url: "https://www.sweepsy.com/news/nevada-passes-bill-punishments-sweeps-casinos",
    },
  },
  {
    region: "US-NY",
    mode: "coins-only",
    from: "2025-12-05",
    covers: sports,
    source: { title: "New York S5935-A (Laws of 2025, ch. 605)", url: "https://www.nysenate.gov/legislation/bills/2025/S5935" },
  },
  {
    region: "US-CA",
    mode: "coins-only",
    from: "2026-01-01",
    covers: sports,
    source: {
      title: "California AB 831 (2025)",
      url: "https://leginfo.legislature.ca.gov/faces/billNavClient.xhtml?bill_id=202520260AB831",
    },
  },
  {
    region: "US-IN",
    mode: "coins-only",
    from: "2026-07-01",
    covers: sports,
    source: { title: "Indiana HB 1052 (2026)", url: "https://iga.in.gov/legislative/2026/bills/house/1052" },
  },
  {
    region: "CA-ON",
    mode: "coins-only",
    from: "2022-10-31",
    covers: sports,
    source: {
      title: "Alcohol and Gaming Commission of Ontario: unregulated online gaming",
      url: "https://www.dlapiper.com/en/insights/publications/2022/11/agco-aims-to-end-unregulated-ontario-igaming-market",
    },
  },
  // Minimum ages above 18 (the mode stays full): the age of majority where it is higher.
  {
    region: "US-AL",
    mode: "full",
    from: "2000-01-01",
    covers: sports,
    minAge: 19,
    source: {
      title: "Alabama age of majority, Code of Alabama § 26-1-1",
      url: "https://alison.legislature.state.al.us/code-of-alabama?section=26-1-1",
    },
  },
  {
    region: "US-NE",
    mode: "full",
    from: "2000-01-01",
    covers: sports,
    minAge: 19,
    source: {
      title: "Nebraska age of majority, Neb. Rev. Stat. § 43-2101",
      url: "https://nebraskalegislature.gov/laws/statutes.php?statute=43-2101",
    },
  },
  {
    region: "US-MS",
    mode: "full",
    from: "2000-01-01",
    covers: sports,
    minAge: 21,
    source: {
      title: "Mississippi age of majority, Miss. Code § 1-3-27",
      url: "https://law.justia.com/codes/mississippi/title-1/chapter-3/section-1-3-27/",
    },
  },
];

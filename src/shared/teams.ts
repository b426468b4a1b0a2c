// The real teams and fighters of the eight sports, with the abbreviation the board
// shows in its team bubbles and a 0–100 strength the embedded simulator prices from.
// Names are spelled as The Odds API spells them, so abbreviations also work for the
// real feed; an unknown name falls back to `teamAbbreviation`'s initials rule.
import type { SportKey } from "./sports";

export type Team = readonly [name: string, abbr: string, rating: number];

export const TEAMS: Record<SportKey, readonly Team[]> = {
  americanfootball_nfl: [
    ["Arizona Cardinals", "ARI", 42], ["Atlanta Falcons", "ATL", 50], ["Baltimore Ravens", "BAL", 80],
    ["Buffalo Bills", "BUF", 82], ["Carolina Panthers", "CAR", 38], ["Chicago Bears", "CHI", 48],
    ["Cincinnati Bengals", "CIN", 62], ["Cleveland Browns", "CLE", 40], ["Dallas Cowboys", "DAL", 55],
    ["Denver Broncos", "DEN", 60], ["Detroit Lions", "DET", 84], ["Green Bay Packers", "GB", 70],
    ["Houston Texans", "HOU", 64], ["Indianapolis Colts", "IND", 50], ["Jacksonville Jaguars", "JAX", 44],
    ["Kansas City Chiefs", "KC", 86], ["Las Vegas Raiders", "LV", 40], ["Los Angeles Chargers", "LAC", 64],
    ["Los Angeles Rams", "LAR", 66], ["Miami Dolphins", "MIA", 52], ["Minnesota Vikings", "MIN", 72],
    ["New England Patriots", "NE", 46], ["New Orleans Saints", "NO", 42], ["New York Giants", "NYG", 38],
    ["New York Jets", "NYJ", 44], ["Philadelphia Eagles", "PHI", 85], ["Pittsburgh Steelers", "PIT", 62],
    ["San Francisco 49ers", "SF", 68], ["Seattle Seahawks", "SEA", 58], ["Tampa Bay Buccaneers", "TB", 64],
    ["Tennessee Titans", "TEN", 36], ["Washington Commanders", "WAS", 68],
  ],
  basketball_nba: [
    ["Atlanta Hawks", "ATL", 50], ["Boston Celtics", "BOS", 84], ["Brooklyn Nets", "BKN", 34],
    ["Charlotte Hornets", "CHA", 32], ["Chicago Bulls", "CHI", 46], ["Cleveland Cavaliers", "CLE", 82],
    ["Dallas Mavericks", "DAL", 58], ["Denver Nuggets", "DEN", 72], ["Detroit Pistons", "DET", 54],
    ["Golden State Warriors", "GSW", 62], ["Houston Rockets", "HOU", 70], ["Indiana Pacers", "IND", 64],
    ["Los Angeles Clippers", "LAC", 64], ["Los Angeles Lakers", "LAL", 66], ["Memphis Grizzlies", "MEM", 62],
    ["Miami Heat", "MIA", 50], ["Milwaukee Bucks", "MIL", 60], ["Minnesota Timberwolves", "MIN", 66],
    ["New Orleans Pelicans", "NOP", 34], ["New York Knicks", "NYK", 74], ["Oklahoma City Thunder", "OKC", 90],
    ["Orlando Magic", "ORL", 56], ["Philadelphia 76ers", "PHI", 40], ["Phoenix Suns", "PHX", 48],
    ["Portland Trail Blazers", "POR", 42], ["Sacramento Kings", "SAC", 48], ["San Antonio Spurs", "SAS", 46],
    ["Toronto Raptors", "TOR", 40], ["Utah Jazz", "UTA", 30], ["Washington Wizards", "WAS", 28],
  ],
  baseball_mlb: [
    ["Arizona Diamondbacks", "ARI", 56], ["Atlanta Braves", "ATL", 60], ["Baltimore Orioles", "BAL", 52],
    ["Boston Red Sox", "BOS", 56], ["Chicago Cubs", "CHC", 62], ["Chicago White Sox", "CWS", 30],
    ["Cincinnati Reds", "CIN", 50], ["Cleveland Guardians", "CLE", 54], ["Colorado Rockies", "COL", 28],
    ["Detroit Tigers", "DET", 62], ["Houston Astros", "HOU", 58], ["Kansas City Royals", "KC", 54],
    ["Los Angeles Angels", "LAA", 40], ["Los Angeles Dodgers", "LAD", 74], ["Miami Marlins", "MIA", 38],
    ["Milwaukee Brewers", "MIL", 64], ["Minnesota Twins", "MIN", 48], ["New York Mets", "NYM", 62],
    ["New York Yankees", "NYY", 68], ["Oakland Athletics", "OAK", 42], ["Philadelphia Phillies", "PHI", 66],
    ["Pittsburgh Pirates", "PIT", 42], ["San Diego Padres", "SD", 62], ["San Francisco Giants", "SF", 52],
    ["Seattle Mariners", "SEA", 58], ["St. Louis Cardinals", "STL", 50], ["Tampa Bay Rays", "TB", 52],
    ["Texas Rangers", "TEX", 52], ["Toronto Blue Jays", "TOR", 60], ["Washington Nationals", "WSH", 40],
  ],
  icehockey_nhl: [
    ["Anaheim Ducks", "ANA", 40], ["Boston Bruins", "BOS", 52], ["Buffalo Sabres", "BUF", 42],
    ["Calgary Flames", "CGY", 50], ["Carolina Hurricanes", "CAR", 70], ["Chicago Blackhawks", "CHI", 32],
    ["Colorado Avalanche", "COL", 72], ["Columbus Blue Jackets", "CBJ", 46], ["Dallas Stars", "DAL", 72],
    ["Detroit Red Wings", "DET", 48], ["Edmonton Oilers", "EDM", 74], ["Florida Panthers", "FLA", 76],
    ["Los Angeles Kings", "LAK", 64], ["Minnesota Wild", "MIN", 60], ["Montréal Canadiens", "MTL", 50],
    ["Nashville Predators", "NSH", 38], ["New Jersey Devils", "NJD", 62], ["New York Islanders", "NYI", 46],
    ["New York Rangers", "NYR", 54], ["Ottawa Senators", "OTT", 56], ["Philadelphia Flyers", "PHI", 44],
    ["Pittsburgh Penguins", "PIT", 42], ["San Jose Sharks", "SJ", 28], ["Seattle Kraken", "SEA", 44],
    ["St Louis Blues", "STL", 54], ["Tampa Bay Lightning", "TB", 68], ["Toronto Maple Leafs", "TOR", 68],
    ["Utah Hockey Club", "UTA", 48], ["Vancouver Canucks", "VAN", 52], ["Vegas Golden Knights", "VGK", 70],
    ["Washington Capitals", "WSH", 72], ["Winnipeg Jets", "WPG", 76],
  ],
  americanfootball_ncaaf: [
    ["Alabama Crimson Tide", "ALA", 82], ["Georgia Bulldogs", "UGA", 84], ["Ohio State Buckeyes", "OSU", 88],
    ["Michigan Wolverines", "MICH", 70], ["Texas Longhorns", "TEX", 84], ["Oregon Ducks", "ORE", 82],
    ["Notre Dame Fighting Irish", "ND", 80], ["Penn State Nittany Lions", "PSU", 78], ["LSU Tigers", "LSU", 70],
    ["Clemson Tigers", "CLEM", 68], ["Tennessee Volunteers", "TENN", 72], ["Ole Miss Rebels", "MISS", 74],
    ["USC Trojans", "USC", 62], ["Florida State Seminoles", "FSU", 48], ["Miami Hurricanes", "MIA", 70],
    ["Oklahoma Sooners", "OU", 58], ["Texas A&M Aggies", "TAMU", 66], ["Auburn Tigers", "AUB", 56],
    ["Wisconsin Badgers", "WIS", 50], ["Iowa Hawkeyes", "IOWA", 60], ["Utah Utes", "UTAH", 54],
    ["Colorado Buffaloes", "COLO", 56], ["Boise State Broncos", "BSU", 66], ["SMU Mustangs", "SMU", 64],
  ],
  basketball_ncaab: [
    ["Duke Blue Devils", "DUKE", 88], ["Kentucky Wildcats", "UK", 70], ["North Carolina Tar Heels", "UNC", 64],
    ["Kansas Jayhawks", "KU", 72], ["Gonzaga Bulldogs", "GONZ", 76], ["UConn Huskies", "UCONN", 72],
    ["Houston Cougars", "HOU", 84], ["Auburn Tigers", "AUB", 86], ["Florida Gators", "FLA", 84],
    ["Tennessee Volunteers", "TENN", 80], ["Purdue Boilermakers", "PUR", 74], ["Arizona Wildcats", "ARIZ", 72],
    ["Michigan State Spartans", "MSU", 76], ["Alabama Crimson Tide", "ALA", 78], ["Texas Tech Red Raiders", "TTU", 76],
    ["Iowa State Cyclones", "ISU", 74], ["Baylor Bears", "BAY", 62], ["Villanova Wildcats", "NOVA", 56],
    ["Marquette Golden Eagles", "MARQ", 64], ["St. John's Red Storm", "SJU", 74], ["Creighton Bluejays", "CREI", 60],
    ["UCLA Bruins", "UCLA", 66], ["Wisconsin Badgers", "WIS", 70], ["Illinois Fighting Illini", "ILL", 66],
  ],
  soccer_usa_mls: [
    ["Atlanta United FC", "ATL", 48], ["Austin FC", "ATX", 50], ["CF Montréal", "MTL", 38],
    ["Charlotte FC", "CLT", 58], ["Chicago Fire", "CHI", 46], ["Colorado Rapids", "COL", 52],
    ["Columbus Crew SC", "CLB", 66], ["D.C. United", "DC", 40], ["FC Cincinnati", "CIN", 64],
    ["FC Dallas", "DAL", 46], ["Houston Dynamo", "HOU", 54], ["Inter Miami CF", "MIA", 70],
    ["LA Galaxy", "LA", 62], ["Los Angeles FC", "LAFC", 66], ["Minnesota United FC", "MIN", 60],
    ["Nashville SC", "NSH", 56], ["New England Revolution", "NE", 42], ["New York City FC", "NYC", 58],
    ["New York Red Bulls", "RBNY", 54], ["Orlando City SC", "ORL", 62], ["Philadelphia Union", "PHI", 66],
    ["Portland Timbers", "POR", 54], ["Real Salt Lake", "RSL", 58], ["San Diego FC", "SD", 60],
    ["San Jose Earthquakes", "SJ", 44], ["Seattle Sounders FC", "SEA", 58], ["Sporting Kansas City", "SKC", 40],
    ["St. Louis City SC", "STL", 42], ["Toronto FC", "TOR", 40], ["Vancouver Whitecaps FC", "VAN", 62],
  ],
  mma_mixed_martial_arts: [
    ["Islam Makhachev", "MAK", 92], ["Jon Jones", "JON", 92], ["Alex Pereira", "PER", 82],
    ["Ilia Topuria", "TOP", 90], ["Tom Aspinall", "ASP", 86], ["Dricus Du Plessis", "DDP", 78],
    ["Merab Dvalishvili", "DVA", 84], ["Belal Muhammad", "MUH", 72], ["Alexandre Pantoja", "PAN", 78],
    ["Max Holloway", "HOL", 74], ["Charles Oliveira", "OLI", 74], ["Arman Tsarukyan", "TSA", 80],
    ["Sean O'Malley", "OMA", 72], ["Khamzat Chimaev", "CHI", 86], ["Leon Edwards", "EDW", 68],
    ["Jack Della Maddalena", "JDM", 76], ["Magomed Ankalaev", "ANK", 80], ["Jiri Prochazka", "PRO", 70],
    ["Sean Strickland", "STR", 66], ["Justin Gaethje", "GAE", 66], ["Dustin Poirier", "POI", 64],
    ["Shavkat Rakhmonov", "RAK", 82], ["Ciryl Gane", "GAN", 70], ["Sergei Pavlovich", "PAV", 62],
  ],
};

const byName = new Map<string, string>();
for (const list of Object.values(TEAMS)) for (const [name, abbr] of list) byName.set(name, abbr);

/**
 * The short label of a team's bubble: the known abbreviation, else the initials of a
 * multi-word name ("Real Madrid" → "RM"), else its first three letters.
 */
export function teamAbbreviation(name: string): string {
  const known = byName.get(name);
  if (known) return known;
  const words = name.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w));
  if (words.length >= 2) return words.slice(0, 3).map((w) => w[0]!.toUpperCase()).join("");
  return name.replace(/[^A-Za-z0-9]/g, "").slice(0, 3).toUpperCase() || "?";
}

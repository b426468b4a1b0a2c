// The price desk of one sport as a Durable Object (binding PRICE_DESK, one object per
// feed and sport, named "<feed>:<sport>"): a single instance in the world, so one
// upstream call per interval holds for every isolate and location, and everyone who
// needs a fresher price or fresher scores shares its call. The logic is SportDesk
// (sport-desk.ts); this class only builds it from the Worker's configuration and keeps
// its state in the object's storage, so a restarted object knows the scores it saw.
// It is handed the settlement step that records finals (RecordFinals): the class as
// deployed is the subclass in worker/index.ts, which passes worker/settlement's.
import { DurableObject } from "cloudflare:workers";
import type { SportKey } from "../../../src/shared/sports";
import { getFeedProvider } from "../odds-service";
import { tunables } from "../../tunables";
import { propsDeskDeps, sportDeskDeps, type RecordFinals } from "./desk-deps";
import { PropsDesk, type PropsAnswer, type PropsState, type PropsStore } from "./props-desk";
import { SportDesk, type DeskAnswer, type DeskState, type DeskStore } from "./sport-desk";

const STATE_KEY = "desk";
/** The props states of the sport's games, one storage key for all (pruned of games two days past). */
const PROPS_KEY = "props";
const PROPS_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

export class PriceDesk extends DurableObject<Env> {
  private desk: { sport: SportKey; desk: SportDesk } | null = null;
  private propsDesk: PropsDesk | null = null;

  constructor(
    ctx: DurableObjectState,
    env: Env,
    private readonly recordFinals: RecordFinals,
  ) {
    super(ctx, env);
  }

  private deskOf(sport: SportKey): SportDesk {
    if (this.desk) {
      if (this.desk.sport !== sport) throw new Error(`price desk of ${this.desk.sport} asked about ${sport}`);
      return this.desk.desk;
    }
    tunables(this.env);
    const provider = getFeedProvider(this.env);
    if (!provider) throw new Error("price desk: no odds feed is configured");
    const storage = this.ctx.storage;
    const store: DeskStore = {
      load: () => storage.get<DeskState>(STATE_KEY),
      save: (state) => storage.put(STATE_KEY, state),
    };
    const desk = new SportDesk(sportDeskDeps(this.env, provider, sport, store, this.recordFinals, this.propsStore()));
    this.desk = { sport, desk };
    return desk;
  }

  /** The props states of the sport's games in the object's storage: the props desk writes them, the sport desk reads their closes. */
  private propsStore(): PropsStore {
    const storage = this.ctx.storage;
    const all = async () => (await storage.get<Record<string, PropsState>>(PROPS_KEY)) ?? {};
    return {
      load: async (eventId) => (await all())[eventId],
      save: async (eventId, state) => {
        const kept = await all();
        kept[eventId] = state;
        for (const [id, old] of Object.entries(kept)) if (old.fetchedAt < state.fetchedAt - PROPS_KEEP_MS) delete kept[id];
        await storage.put(PROPS_KEY, kept);
      },
    };
  }

  private propsDeskOf(sport: SportKey): PropsDesk {
    const desk = this.deskOf(sport);
    if (this.propsDesk) return this.propsDesk;
    const provider = getFeedProvider(this.env);
    if (!provider) throw new Error("price desk: no odds feed is configured");
    this.propsDesk = new PropsDesk(propsDeskDeps(this.env, provider, sport, this.propsStore(), (eventId, now) => desk.game(eventId, now)));
    return this.propsDesk;
  }

  /** One game's players' markets as of `now` (the caller's clock), fetched at most `maxAgeMs` ago when given; see PropsDesk.props. */
  async props(sport: SportKey, eventId: string, now: number, maxAgeMs?: number): Promise<PropsAnswer> {
    return this.propsDeskOf(sport).props(eventId, now, maxAgeMs);
  }

  /** The sport's board as of `now` (the caller's clock), fetched at most `maxAgeMs` ago when given; see SportDesk.board. */
  async board(sport: SportKey, now: number, maxAgeMs?: number): Promise<DeskAnswer> {
    return this.deskOf(sport).board(now, maxAgeMs);
  }

  /** The board with scores read at or after `since`, or null if none arrive by `deadline`; see SportDesk.freshScores. */
  async freshScores(sport: SportKey, now: number, since: number, deadline: number): Promise<DeskAnswer | null> {
    return this.deskOf(sport).freshScores(now, since, deadline);
  }
}

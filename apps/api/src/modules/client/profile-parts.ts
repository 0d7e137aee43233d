/**
 * What other areas add to the client profile (spec section 3), handed to the client module on the
 * app context (`ctx.wiring.profile`, listed in modules/wiring.ts, decision 0048). `Ctx` is the app
 * context: lib/context.ts carries these, so this file cannot import it.
 */

/** The profile's vip, score and order_num: the standing panel's figures (issue 24 point 5). */
export interface ProfileStanding {
  vip: number;
  score: number;
  orderNum: number;
}

export interface ProfileParts<Ctx> {
  /** The profile's `accounts`: the client's cash accounts (the money area). */
  accounts: (ctx: Ctx, clientId: number) => Promise<unknown[]>;
  /**
   * The client's standing (the standing module); undefined: no client, and the stored columns
   * answer.
   */
  standing: (ctx: Ctx, clientId: number) => Promise<ProfileStanding | undefined>;
}

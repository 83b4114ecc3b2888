// Page-quota arithmetic of one API key, as pure functions over its state, so the Durable
// Object stays a thin, serialised shell and the rules can be read in one place.
//
// Rules: free pages are limited per UTC day and per UTC month (both must have room);
// paid plans add pages until they expire. A task reserves its pages when accepted (free
// first, then the plans that expire soonest), is charged on success (the reservation just
// becomes final) and released on failure (pages go back where they came from).

export interface PaidPlan {
  id: string;
  pages: number;
  used: number;
  createdAt: string;
  expiresAt: string;
}

export interface Reservation {
  free: number;
  /** The UTC day and month the free pages were taken from: a release gives them back only there. */
  day: string;
  month: string;
  paid: { planId: string; pages: number }[];
}

export interface QuotaState {
  freeDay: string;
  freeDayUsed: number;
  freeMonth: string;
  freeMonthUsed: number;
  plans: PaidPlan[];
  reservations: Record<string, Reservation>;
}

export interface FreeLimits {
  perDay: number;
  perMonth: number;
}

export const emptyQuota = (): QuotaState => ({ freeDay: "", freeDayUsed: 0, freeMonth: "", freeMonthUsed: 0, plans: [], reservations: {} });

const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const utcMonth = (now: Date) => now.toISOString().slice(0, 7);

/** Resets the day and month counters when the calendar moved on. */
function roll(state: QuotaState, now: Date): void {
  if (state.freeDay !== utcDay(now)) {
    state.freeDay = utcDay(now);
    state.freeDayUsed = 0;
  }
  if (state.freeMonth !== utcMonth(now)) {
    state.freeMonth = utcMonth(now);
    state.freeMonthUsed = 0;
  }
}

const activePlans = (state: QuotaState, now: Date) =>
  state.plans.filter((p) => Date.parse(p.expiresAt) > now.getTime() && p.used < p.pages).sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));

export interface Usage {
  remaining_paid_pages: number;
  remaining_free_pages_today: number;
  remaining_free_pages_this_month: number;
}

export function usage(state: QuotaState, limits: FreeLimits, now: Date): Usage {
  roll(state, now);
  const month = Math.max(0, limits.perMonth - state.freeMonthUsed);
  const today = Math.min(Math.max(0, limits.perDay - state.freeDayUsed), month);
  const paid = activePlans(state, now).reduce((sum, p) => sum + (p.pages - p.used), 0);
  return { remaining_paid_pages: paid, remaining_free_pages_today: today, remaining_free_pages_this_month: month };
}

export type ReserveOutcome = { ok: true } | { ok: false; available: number };

/** Reserves `pages` for `taskId`, or changes nothing and says how many pages are available. */
export function reserve(state: QuotaState, taskId: string, pages: number, limits: FreeLimits, now: Date): ReserveOutcome {
  if (state.reservations[taskId]) return { ok: true }; // the same task asked twice: already held
  const u = usage(state, limits, now);
  const available = u.remaining_free_pages_today + u.remaining_paid_pages;
  if (pages > available) return { ok: false, available };
  const free = Math.min(pages, u.remaining_free_pages_today);
  state.freeDayUsed += free;
  state.freeMonthUsed += free;
  const reservation: Reservation = { free, day: state.freeDay, month: state.freeMonth, paid: [] };
  let rest = pages - free;
  for (const plan of activePlans(state, now)) {
    if (rest === 0) break;
    const take = Math.min(rest, plan.pages - plan.used);
    plan.used += take;
    rest -= take;
    reservation.paid.push({ planId: plan.id, pages: take });
  }
  state.reservations[taskId] = reservation;
  return { ok: true };
}

/** Success: the reserved pages stay used. Returns the pages charged (0 if nothing was held). */
export function charge(state: QuotaState, taskId: string): number {
  const r = state.reservations[taskId];
  if (!r) return 0;
  delete state.reservations[taskId];
  return r.free + r.paid.reduce((s, p) => s + p.pages, 0);
}

/** Failure: the reserved pages go back. Returns the pages released (0 if nothing was held). */
export function release(state: QuotaState, taskId: string, now: Date): number {
  const r = state.reservations[taskId];
  if (!r) return 0;
  delete state.reservations[taskId];
  roll(state, now);
  if (r.day === state.freeDay) state.freeDayUsed = Math.max(0, state.freeDayUsed - r.free);
  if (r.month === state.freeMonth) state.freeMonthUsed = Math.max(0, state.freeMonthUsed - r.free);
  for (const part of r.paid) {
    const plan = state.plans.find((p) => p.id === part.planId);
    if (plan) plan.used = Math.max(0, plan.used - part.pages);
  }
  return r.free + r.paid.reduce((s, p) => s + p.pages, 0);
}

"""Capacity bench: how many tables of people one bot token carries within Discord's limits.

The fake Discord enforces Discord's documented rate limits (the global 50 requests a second
for the bot token, per-channel and per-token buckets). N tables of 4 people, each person
moving only on their turn after a think time drawn from 1.5–3.5 s, are played to the end
(``bench/load.py``'s games: the ``short`` preset with 4 deals of 4 cards down to 1 — 56
moves, about 2.5 minutes — unless ``--max-hand`` says otherwise), for N ramped over
``--steps``. Games start one a second (``--start-rate``), each lobby opened when its game
is due: a game's start costs about 14 bot-token requests (the first deal's hands come
before anyone has clicked in their DMs), so starting many at once is a burst of its own
that the budget spreads out. Per step it prints:

* moves per second per table;
* bot-token and interaction-endpoint requests per move, by route;
* 429s by scope (``global``, ``user`` = per route, ``shared``);
* turn handover p50 / p95 / p99: a click → the next controls seen enabled in that game;
* click acknowledgement p99 (moves);
* the bot's CPU per move;
* tables that went 15 s or more without a move, and handovers never made.

A step is **held** when every game finished, the handover p99 is ≤ 1.5 s, no handover was
lost, no table was stuck and no global 429 was met. The ramp stops after the first step
not held (``--keep-going`` runs them all); the last line names the largest N held and
what limited the next step.

Usage::

    python bench/capacity.py                       # 10, 25, 50, 100 tables, one process
    python bench/capacity.py --steps 10,25,50,100,200
    python bench/capacity.py --processes 2 --database postgres
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.load import run_once
from bench.load_games import BotDied, game_plan
from bench.load_options import parse_args

HANDOVER_P99_MS = 1500.0
PEOPLE_PACE = "1.5,3.5"


def held(run: dict[str, Any]) -> bool:
    return (
        "error" not in run and run["games_finished"] == run["games"] and not run["failures"]
        and (run["controls_handover_p99_ms"] or float("inf")) <= HANDOVER_P99_MS
        and run["lost_handovers"] == 0 and run["stuck_tables"] == 0
        and run["budget"]["rate_limited_by_scope"].get("global", 0) == 0
    )


def limit(run: dict[str, Any]) -> str:
    """What kept a step from being held, read from its figures."""
    if "error" in run:
        return f"the run stopped: {run['error']}"
    reasons = []
    global_429s = run["budget"]["rate_limited_by_scope"].get("global", 0)
    if global_429s:
        reasons.append(f"the bot token's budget ({global_429s} global 429s)")
    if run["bot_cpu_util"] >= 0.8:
        reasons.append(f"the bot's event loop (busy {run['bot_cpu_util']:.2f} of a core)")
    if run["other_cpu_util"] + run["driver_cpu_util"] + run["bot_cpu_util"] >= 1.8:
        reasons.append("the machine's 2 cores (bench, fake and other work included)")
    if run["stuck_tables"] or run["lost_handovers"]:
        reasons.append(f"{run['stuck_tables']} stuck tables, {run['lost_handovers']} lost "
                       "handovers")
    per_channel = run["budget"]["rate_limited_by_scope"].get("user", 0)
    if per_channel:
        reasons.append(f"per-route limits ({per_channel} route 429s)")
    return "; ".join(reasons) or "the handover p99 (no other limit seen)"


def step_lines(run: dict[str, Any]) -> str:
    if "error" in run:
        return f"N = {run['games']}: no figures ({run['error']})"
    budget = run["budget"]
    per_table = run["actions_per_s"] / run["games"]
    bot_routes = ", ".join(f"{per} {route}" for route, per in
                           budget["bot_token_by_route"].items())
    interaction_routes = ", ".join(f"{per} {route}" for route, per in
                                   budget["interaction_by_route"].items())
    return "\n".join([
        f"N = {run['games']}: {'HELD' if held(run) else 'not held'}",
        f"  moves/s per table {per_table:.3f} ({run['actions']} moves in {run['wall_s']} s)",
        f"  bot-token requests per move {budget['bot_token_per_move']}: {bot_routes}",
        f"  interaction requests per move {budget['interaction_per_move']}: "
        f"{interaction_routes}",
        f"  429s by scope {budget['rate_limited_by_scope'] or 'none'}; peak "
        f"{budget['peak_bot_token_per_s']} bot-token requests in a second",
        f"  handover (click → next controls) p50 / p95 / p99 "
        f"{run['controls_handover_p50_ms']} / {run['controls_handover_p95_ms']} / "
        f"{run['controls_handover_p99_ms']} ms; click ack p99 {run['moves_p99_ms']} ms",
        f"  bot CPU per move {run['bot_cpu_ms_per_action']} ms; stuck tables (≥ 15 s) "
        f"{run['stuck_tables']}; lost handovers {run['lost_handovers']}; games finished "
        f"{run['games_finished']}/{run['games']}",
        f"  CPU busy: bots {run['bot_cpu_util']:.2f}, bench+fake {run['driver_cpu_util']:.2f}, "
        f"others {run['other_cpu_util']:.2f} (cores)",
    ])


async def ramp(args: argparse.Namespace, steps: list[int], keep_going: bool
               ) -> dict[str, Any]:
    plan = replace(game_plan(args.max_hand, 0, args.level), think=args.think)
    runs: list[dict[str, Any]] = []
    for games in steps:
        try:
            run = await run_once(games, plan, args)
        except BotDied as exc:
            run = {"games": games, "ok": False, "error": str(exc).splitlines()[0]}
        runs.append(run)
        print("\n" + step_lines(run), flush=True)
        if not held(run) and not keep_going:
            break
    held_steps = [run["games"] for run in runs if held(run)]
    largest = max(held_steps, default=0)
    missed = next((run for run in runs if not held(run)), None)
    summary = {"bench": "capacity", "largest_held": largest,
               "limited_by": limit(missed) if missed is not None else None,
               "runs": runs}
    where = f"{args.processes} process{'es' if args.processes > 1 else ''} on {args.database}"
    print(f"\nlargest N held ({where}): {largest}"
          + (f"; N = {missed['games']} was limited by {summary['limited_by']}"
             if missed is not None else "; every step held"), flush=True)
    return summary


def main(argv: list[str] | None = None) -> int:
    wrapper = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    wrapper.add_argument("--steps", default="10,25,50,100",
                         help="tables at each step (default 10,25,50,100)")
    wrapper.add_argument("--keep-going", action="store_true",
                         help="run every step even after one is not held")
    own, rest = wrapper.parse_known_args(argv)
    try:
        steps = [int(n) for n in own.steps.split(",") if n.strip()]
    except ValueError:
        wrapper.error("--steps takes numbers separated by commas, e.g. 10,25,50")
    if not steps or min(steps) < 1:
        wrapper.error("--steps needs at least one number ≥ 1")
    # bench/load.py's options (--max-hand, --processes, --database, --start-rate …), with
    # people's pace and Discord's limits on.
    args = parse_args(["--think", PEOPLE_PACE, "--rate-limits", "--games", own.steps,
                       "--max-hand", "4", "--start-rate", "1", "--lobbies-under-load", *rest])
    summary = asyncio.run(ramp(args, steps, own.keep_going))
    print(json.dumps(summary, ensure_ascii=False))
    return 0 if summary["largest_held"] else 1


if __name__ == "__main__":
    sys.exit(main())

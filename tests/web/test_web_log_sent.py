"""The page keeps the game's log and is sent only what follows (issue 20): after moves, an
undo and the other seat's moves, each page shows its seat's whole log, though the answers
and the live updates carried only the new entries."""

from __future__ import annotations

import json
from typing import Any

from tests.web.kit import get, new_game
from tests.web.page_kit import (
    DESTINATION,
    MOVER,
    counter_hex,
    move_by_clicks,
    open_game,
    version,
    wait_version_after,
)


def received_payloads(page: Any) -> list[dict[str, Any]]:
    """The payloads the page is sent from now on: action answers and live updates."""
    got: list[dict[str, Any]] = []

    def answer(response: Any) -> None:
        if response.request.method == "POST" and response.url.endswith("/actions") and response.ok:
            got.append(response.json())

    def socket(ws: Any) -> None:
        def frame(payload: Any) -> None:
            message = json.loads(payload)
            if message.get("type") == "state":
                got.append(message)

        ws.on("framereceived", frame)

    page.on("response", answer)
    page.on("websocket", socket)
    return got


def shown_log(page: Any) -> list[tuple[int, str]]:
    return [(e["n"], e["text"]) for e in page.evaluate("window.greatwar.view.log")]


def whole_log(server: str, game: dict[str, Any], role: str) -> list[tuple[int, str]]:
    return [(e["n"], e["text"]) for e in get(server, game, role)["view"]["log"]]


def test_the_page_keeps_the_log_and_is_sent_only_the_new_entries(
    server: str, new_page: Any
) -> None:
    game = new_game(server, "gwite/teaching", seed=1, seats={"allied": "human", "central": "human"})
    allied, central = new_page(), new_page()
    allied_got, central_got = received_payloads(allied), received_payloads(central)
    open_game(allied, server + game["seats"]["allied"]["url"])
    open_game(central, server + game["seats"]["central"]["url"])

    start = counter_hex(allied, MOVER)
    move_by_clicks(allied, MOVER, DESTINATION)
    before = version(allied)
    with allied.expect_response(lambda r: r.url.endswith("/actions")) as undo_answer:
        allied.click("#undo")  # the log loses the move's entries
    wait_version_after(allied, before)
    undone = undo_answer.value.json()
    assert (undone["log_base"], undone["log_after"]) == (None, 0)  # the whole log again
    allied.wait_for_function(
        f"window.greatwar.view.units.find(u => u.id === '{MOVER}').hex === '{start}'"
    )
    assert shown_log(allied) == whole_log(server, game, "allied")
    move_by_clicks(allied, MOVER, DESTINATION)
    for _ in range(10):  # the Allies end segments until the Central Powers must act
        if central.evaluate("window.greatwar.view.legal_actions.length") > 0:
            break
        before = version(allied)
        allied.locator("#actions .group button").last.click()
        wait_version_after(allied, before)
    central.wait_for_selector("#promptbar.your-turn")
    final = version(allied)
    central.wait_for_function(f"window.greatwar.version >= {final}")

    for page, role in ((allied, "allied"), (central, "central")):
        whole = whole_log(server, game, role)
        assert shown_log(page) == whole
        assert page.locator("#log li").count() == len(whole)
    # the answers and updates sent only entries past those the page held
    for got in (allied_got, central_got):
        continued = [p for p in got if p["log_base"] is not None]
        assert len(continued) >= 5, "the payloads carried the whole log"
        for payload in continued:
            numbers = [e["n"] for e in payload["view"]["log"]]
            assert numbers == list(
                range(payload["log_after"] + 1, payload["log_after"] + 1 + len(numbers))
            )


#: the page's log keeping (greatwar/web/js/log-keys.js) run in the browser on payloads made
#: up for it: a log of 44 entries, one more sent, an undo's answer taking it back to 44,
#: then an answer (raced past the undo's) that continues the 45-entry log the page held
#: before the undo: the page no longer holds it, and must ask for the game again
LOG_KEYS_AFTER_AN_UNDO = """async () => {
  const { keepLog, wholeLog } = await import("/static/js/log-keys.js");
  const held = { log: [], logKey: null, logKeys: new Map(), logVersion: -1 };
  const entries = (from, to) => Array.from({ length: to - from }, (_, i) => ({ n: from + i + 1 }));
  const take = (payload) => {
    const log = wholeLog(held, payload);
    if (log !== null) keepLog(held, payload, log, payload.log_base == null);
    return log;
  };
  const pay = (version, base, after, sent, key) =>
    ({ version, log_base: base, log_after: after, log_key: key, view: { log: sent } });
  take(pay(1, null, 0, entries(0, 44), "44-a"));
  const longer = take(pay(2, "44-a", 44, entries(44, 45), "45-b"));
  const undone = take(pay(3, "44-a", 44, [], "44-a"));
  const raced = take(pay(4, "45-b", 45, [], "45-b"));
  return { longer: longer.length, undone: undone.length, raced, keys: [...held.logKeys.keys()],
           held: held.log.length };
}"""


def test_a_page_does_not_continue_a_log_an_undo_took_from_it(server: str, new_page: Any) -> None:
    """After an undo's answer shortens the page's log, an answer continuing the longer log
    it held before is not taken as continuing the shorter one (the page asks again)."""
    page = new_page()
    page.goto(f"{server}/")
    result = page.evaluate(LOG_KEYS_AFTER_AN_UNDO)
    assert (result["longer"], result["undone"], result["held"]) == (45, 44, 44)
    assert result["raced"] is None
    assert result["keys"] == ["44-a"]

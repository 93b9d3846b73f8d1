"""The verifiable dice in the browser (issue 20): each seat's page shows the commitment to
the game's seed made at creation (a short hash, what it is), offers to add the seat's own
randomness (drawn by the browser) while the server takes it, and once the game is over shows
the revealed seed and how to check the record with ``greatwar verify``.  Nothing secret (the
seed, the salt) reaches a page before the end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from greatwar.server.dice_commitment import mixed_seed, sha256_hex
from greatwar.server.verify import verify
from tests.web.kit import api, get, new_game
from tests.web.page_kit import open_game

#: a seed no page shows by chance (16 digits)
SEED = 7_318_249_561_234_567


class Received:
    """Every response and WebSocket frame a page receives."""

    def __init__(self, page: Any) -> None:
        self.responses: list[Any] = []
        self.frames: list[str] = []
        page.on("response", lambda response: self.responses.append(response))
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: self.frames.append(f)))

    def text(self) -> str:
        """All of it as one text (the bodies read now)."""
        bodies = []
        for response in self.responses:
            try:
                bodies.append(response.text())
            except Exception:  # a body not kept (a redirect, the socket's upgrade)
                continue
        return "\n".join(bodies + [str(frame) for frame in self.frames])


def test_each_seat_sees_the_commitment_and_adds_its_own_randomness(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(
        server, "gwite/teaching", seed=SEED, seats={"allied": "human", "central": "human"}
    )
    committed = game["commitment"]["hash"]
    allied, central = new_page(), new_page()
    received = [Received(allied), Received(central)]
    sent: list[str] = []
    allied.on(
        "request",
        lambda r: sent.append(r.post_data or "") if r.url.endswith("/entropy") else None,
    )
    open_game(allied, server + game["seats"]["allied"]["url"])
    open_game(central, server + game["seats"]["central"]["url"])

    # the commitment made at creation, short in the summary and whole inside
    for page in (allied, central):
        page.wait_for_selector("#dice-hash")
        assert page.get_attribute("#dice-hash", "data-hash") == committed
        assert page.inner_text("#dice-hash") == committed[:12] + "…"
        assert page.inner_text("#dice-full-hash") == committed
        assert "SHA-256" in page.inner_text("#dice .dice-explain")
        assert page.locator("#dice-add").is_visible()
    allied.screenshot(path=str(artifacts / "dice-commitment.png"))

    # the allied seat adds its randomness: the browser draws it and the server takes it
    allied.click("#dice-add")
    allied.wait_for_selector("#dice-sent")
    assert len(sent) == 1
    text = json.loads(sent[0])["entropy"]
    assert len(text) == 64 and int(text, 16) >= 0  # 32 bytes of crypto.getRandomValues
    server_side = get(server, game, "central")["commitment"]
    assert server_side["hash"] == committed  # committed before anyone sent anything
    assert server_side["entropy"] == {"allied": sha256_hex(text)}
    assert allied.get_attribute('#dice-entropy [data-role="allied"]', "data-hash") == sha256_hex(
        text
    )
    # the other seat sees it live, and may still add its own
    central.wait_for_selector('#dice-entropy [data-role="allied"]')
    assert central.locator("#dice-add").is_visible()

    # once an action is taken the dice are fixed: no more offers
    payload = get(server, game, "central")
    role = payload["view"]["active_roles"][0]
    mover = get(server, game, role)
    body = {
        "token": game["seats"][role]["token"],
        "version": mover["version"],
        "action": next(a for a in mover["view"]["legal_actions"] if a["type"] != "undo"),
        "submission_id": "dice-first",
    }
    api(server, f"/api/games/{game['game_id']}/actions", body)
    central.wait_for_function("window.greatwar.version === 1")
    assert central.locator("#dice-add").count() == 0
    assert "Your randomness" not in central.inner_text("#dice")

    # nothing secret reached either page: neither the server seed nor the mixed seed
    seed = mixed_seed(SEED, [("allied", text)])
    everything = "\n".join(r.text() for r in received)
    assert committed in everything
    for secret in (str(SEED), str(seed)):
        assert secret not in everything
    assert '"salt"' not in everything and '"server_seed"' not in everything


def test_the_end_of_the_game_reveals_the_seed_and_how_to_verify(
    server: str, new_page: Any, artifacts: Path, tmp_path: Path
) -> None:
    # two computer seats play the game to its end by themselves; a spectator watches
    game = new_game(
        server,
        "gwite/teaching",
        seed=SEED,
        seats={"allied": "computer:random", "central": "computer:random"},
    )
    page = new_page()
    open_game(page, server + game["spectator"]["url"])
    assert page.locator("#dice-add").count() == 0  # a spectator has no say in the dice
    page.wait_for_function("window.greatwar.view.over === true", timeout=120_000)
    page.wait_for_selector("#dice-revealed")
    assert page.inner_text("#dice-seed") == str(SEED)
    command = page.inner_text("#dice-verify")
    assert command.startswith("greatwar verify ") and game["commitment"]["hash"] in command
    page.screenshot(path=str(artifacts / "dice-revealed.png"))

    # the page's link gives the record, and it verifies against the commitment shown
    href = page.get_attribute("#dice-record", "href")
    assert href is not None
    record = api(server, href)
    assert record["commitment"]["server_seed"] == SEED
    verdict = verify(record, page.get_attribute("#dice-hash", "data-hash"))
    assert verdict.commitment == game["commitment"]["hash"]

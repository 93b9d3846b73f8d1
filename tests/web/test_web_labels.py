"""The page's action buttons read the server's labels (``view["labels"]``: the rule
system's, issue 17 "raw labels"), and an action clicked is still exactly the legal one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.kit import get, new_game
from tests.web.page_kit import open_game, version, wait_version_after


def test_buttons_read_the_servers_labels_and_submit_the_legal_action(
    server: str, new_page: Any, artifacts: Path
) -> None:
    game = new_game(
        server, "tannenberg/teaching", seed=1, seats={"german": "human", "russian": "human"}
    )
    view = get(server, game, "german")["view"]
    assert len(view["labels"]) == len(view["legal_actions"])
    page = new_page()
    open_game(page, server + game["seats"]["german"]["url"])
    buttons = page.locator("#actions button.act")
    texts = [buttons.nth(i).text_content() for i in range(buttons.count())]
    assert texts, "no action buttons"
    # every button's words are one of the server's labels, none a raw type or an id
    assert set(texts) <= set(view["labels"])
    assert not any("_" in t or "mask-" in t or t.startswith(("G-", "R-")) for t in texts)
    page.screenshot(path=str(artifacts / "labels-buttons.png"))

    before = version(page)
    # the label travels beside the action, never inside it: the server accepts the click
    page.locator("#actions button.act:visible").first.click()
    wait_version_after(page, before)

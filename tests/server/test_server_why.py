"""``GET /api/games/{id}/why``: why a seat cannot act on a unit or a hex (issue 17), from
the rule system, in the seat's own knowledge only."""

from __future__ import annotations

from typing import Any

from server_client import Api, error_code

GWITE = "gwite/teaching"
TANNENBERG = "tannenberg/teaching"
#: at the GWitE teaching set-up (seed 1) the Allied V Corps is out of Command Control
OUT_OF_COMMAND, MOVER, ENEMY = "R-V", "R-XXV", "G-HQ-AOK"
#: the German unit masked in the Tannenberg test, and the Russians' answer must not name it
MASKED, MASKED_NAME = "G-1-1-I", "1/1/I"


def why(api: Api, game_id: str, token: str, **query: str) -> dict[str, Any]:
    response = api.client.get(f"/api/games/{game_id}/why", params={"token": token, **query})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def gwite_game(api: Api) -> tuple[str, dict[str, str]]:
    made = api.new_game(scenario=GWITE, seed=1, seats={"allied": "human", "central": "human"})
    return made["game_id"], {r: s["token"] for r, s in made["seats"].items()}


def test_an_out_of_command_unit_says_it_may_not_move_and_changes_nothing(api: Api) -> None:
    game_id, tokens = gwite_game(api)
    before = api.live(game_id).version
    answer = why(api, game_id, tokens["allied"], unit=OUT_OF_COMMAND)
    assert answer["refused"] is True
    assert answer["case"] == "10.4"
    assert "out of Command Control: it may not move" in answer["reason"]
    assert answer["summary"]  # the project's summary of 10.4
    assert api.live(game_id).version == before


def test_an_enemy_unit_a_hex_out_of_reach_and_another_s_move_are_explained(api: Api) -> None:
    game_id, tokens = gwite_game(api)
    enemy = why(api, game_id, tokens["allied"], unit=ENEMY)
    assert enemy["refused"] and enemy["case"] == "5.11"
    assert "Central Powers' piece" in enemy["reason"]
    waiting = why(api, game_id, tokens["central"], unit=ENEMY)
    assert waiting["refused"] and "not your move" in waiting["reason"]
    api.act(game_id, tokens["allied"], {"type": "select", "unit": MOVER})
    far = why(api, game_id, tokens["allied"], hex="0101")
    assert far["refused"] and far["case"] == "5.14" and "cannot reach 0101" in far["reason"]
    allowed = why(api, game_id, tokens["allied"], unit=MOVER)
    assert allowed["refused"] is False
    assert why(api, game_id, tokens["allied"], hex="9999")["reason"].startswith("there is no hex")


def test_a_spectator_and_a_request_naming_nothing_are_refused(api: Api) -> None:
    made = api.new_game(scenario=GWITE, seed=1, seats={"allied": "human", "central": "computer"})
    game_id = made["game_id"]
    spectator = api.client.get(
        f"/api/games/{game_id}/why", params={"token": made["spectator"]["token"], "hex": "0101"}
    )
    assert error_code(spectator) == "not_your_seat"
    empty = api.client.get(
        f"/api/games/{game_id}/why", params={"token": made["seats"]["allied"]["token"]}
    )
    # well-formed (both are optional) but asking nothing: refused, not malformed (issue 20)
    assert empty.status_code == 400 and error_code(empty) == "nothing_named"


def test_tannenberg_refusals_come_from_its_rules_and_a_mask_hides_what_it_masks(
    api: Api,
) -> None:
    made = api.new_game(scenario=TANNENBERG, seed=1, seats={"german": "human", "russian": "human"})
    game_id = made["game_id"]
    tokens = {r: s["token"] for r, s in made["seats"].items()}
    api.act(game_id, tokens["german"], {"type": "mask", "unit": MASKED})
    api.act(game_id, tokens["german"], {"type": "end_orders"})
    api.act(game_id, tokens["russian"], {"type": "end_orders"})
    state = api.state(game_id)
    mask = next(
        u["id"]
        for u in state.view("russian")["units"]
        if u["type"] == "mask" and u["side"] == "german"
    )
    # the masked unit's id is answered exactly like an id that does not exist
    hidden = why(api, game_id, tokens["russian"], unit=MASKED)
    unknown = why(api, game_id, tokens["russian"], unit="G-NO-SUCH")
    assert {**hidden, "reason": ""} == {**unknown, "reason": ""}
    assert hidden["reason"].replace(MASKED, "X") == unknown["reason"].replace("G-NO-SUCH", "X")
    at_mask = why(api, game_id, tokens["russian"], unit=mask)
    assert at_mask["refused"] and at_mask["case"].startswith("tannenberg")
    assert "Masking counter" in at_mask["reason"]
    hex_answer = why(api, game_id, tokens["russian"], hex=at_mask["hex"])
    for answer in (at_mask, hex_answer):
        assert MASKED_NAME not in str(answer) and MASKED not in str(answer), answer
    # an own unit the step offers nothing: the rule system's reason and case
    offered = {a.get("unit") for a in state.legal_actions("russian")}
    idle = next(
        u["id"]
        for u in state.view("russian")["units"]
        if u["side"] == "russian" and u["status"] == "on_map" and u["id"] not in offered
    )
    own = why(api, game_id, tokens["russian"], unit=idle)
    assert own["refused"] and own["case"].startswith("tannenberg"), own


def test_16_1_a_click_on_ones_own_planned_mask_is_told_it_may_act(api: Api) -> None:
    # in the orders phase a mask just placed may be taken back (and units put under it):
    # its actions name it by the "mask" field; the answer was once "there is no unit"
    made = api.new_game(scenario=TANNENBERG, seed=1, seats={"german": "human", "russian": "human"})
    game_id = made["game_id"]
    token = made["seats"]["german"]["token"]
    api.act(game_id, token, {"type": "mask", "unit": MASKED})
    state = api.state(game_id)
    mask = next(
        u["id"]
        for u in state.view("german")["units"]
        if u["type"] == "mask" and u["side"] == "german" and u.get("planned")
    )
    assert {"type": "cancel_mask", "mask": mask} in state.legal_actions("german")
    answer = why(api, game_id, token, unit=mask)
    assert not answer["refused"], answer
    assert answer["reason"] == "Masking counter 1 may act now"

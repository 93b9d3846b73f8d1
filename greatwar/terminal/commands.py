"""The commands typed in the terminal game, their short forms and what they do."""

from __future__ import annotations

#: the commands, their short forms and what they do (``help`` prints them)
COMMANDS: dict[str, tuple[str, str]] = {
    "NUMBER": ("", "do the action with that number in the list"),
    "HEX": (
        "",
        "act on a hex, e.g. 0503 (Tannenberg: A18 B19): move the selected unit there when"
        " it may, else act on the unit there (select it); several actions: they are listed",
    ),
    "UNIT NAME": ("", "act on a unit by its name, e.g. XIX Corps (as NUMBER when one)"),
    "map [HEX]": ("m", "draw the map, or the hexes around HEX: terrain, units, hex numbers"),
    "units": ("s", "the units with their values: yours all, the enemy's as you see them"),
    "combat": ("c", "the fight being prepared: odds, shifts, column, each die roll's result"),
    "actions": ("a", "list the legal actions again"),
    "undo": ("u", "take back your last action (not after a die roll)"),
    "log": ("l", "the whole log, with the rule case of each entry"),
    "svg FILE": ("", "draw the map as an SVG picture into FILE"),
    "help": ("h", "this list"),
    "quit": ("q", "save the game and quit (resume: greatwar terminal --resume FILE)"),
}
#: the command each word or short form stands for
ALIASES = {
    alias: name.split()[0]
    for name, (short, _) in COMMANDS.items()
    if name.split()[0].islower()
    for alias in (name.split()[0], short)
    if alias
}
HELP = "Commands: " + ", ".join(
    f"{name}{f' ({short})' if short else ''}" for name, (short, _) in COMMANDS.items()
)

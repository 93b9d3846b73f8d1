"""Tannenberg 1914 (Dragon, Poland): stages of eight phases, simultaneous combat cards,
endurance, reserve movement and masking — one module per rules section."""

from greatwar.rules.tannenberg.system import TannenbergSystem

SYSTEM = TannenbergSystem()

__all__ = ["SYSTEM", "TannenbergSystem"]

"""Routes of the browser client: pages, static files and map data (grows below)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()

"""Powertools routers, one module per route family; served by Lambda and by `engram serve` alike."""

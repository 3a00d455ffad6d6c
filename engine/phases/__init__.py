"""The phase modules, one mechanic each; a variant's ``flow`` names them in order.

Adding a mechanic means adding one module here (and its part of the schema).
"""

from __future__ import annotations

from engine.phases.auction import Auction
from engine.phases.base import Phase
from engine.phases.deal import Deal
from engine.phases.dealer_pickup import DealerPickup
from engine.phases.dummy_merge import DummyMerge
from engine.phases.go_alone import GoAlone
from engine.phases.name_trump import NameTrump
from engine.phases.play import Play
from engine.phases.score import Score
from engine.phases.upcard_bidding import UpcardBidding

__all__ = ["PHASES", "Phase"]

PHASES: dict[str, type[Phase]] = {
    phase.name: phase
    for phase in (Deal, UpcardBidding, DealerPickup, Auction, NameTrump, GoAlone, DummyMerge,
                  Play, Score)
}

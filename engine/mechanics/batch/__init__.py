"""What a mechanic's batch form runs on: the arrays of one hand of B games, the card tables as
numpy arrays, the greedy bot's orders and the heuristic bot's estimate (``heuristic``; a form
whose configuration it does not cover says why in ``check_heuristic``); needs the ``batch``
extra (numpy).

A mechanic with a batch form names it in its ``Mechanic`` value (``batch="module:Class"``, a
module of ``engine/mechanics/``, beside its scalar module: ``go_alone_batch``); the class
follows :class:`~engine.mechanics.batch.hand.BatchForm`. The batch engine
(:mod:`engine.batch`) finds the forms through the registry and imports them only when it
plays, so the scalar engine never imports numpy. Nothing here imports a particular mechanic.
"""

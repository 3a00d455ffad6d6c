"""Adapters that make every variant a game of other frameworks' own interfaces.

:mod:`engine.adapters.openspiel` registers ``python_euchrekit`` with OpenSpiel (the
``openspiel`` extra); :mod:`engine.adapters.pettingzoo` gives a PettingZoo AEC environment (the
``pettingzoo`` extra). Both observe through :mod:`engine.adapters.encoding`, a fixed-size
encoding of one seat's :class:`~engine.play.view.View`, the same for every variant. This
package sits beside the command line in the layers: it may use every layer below.
"""

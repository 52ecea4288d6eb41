"""Component styles matched once for each place in the tree they can differ.

Each time Textual restyles a widget (a class added, the focus moved in or
out) it also works out every one of the widget's component classes
(`card--title`, the palette's `player-1` … `kind-red`) by matching a
throwaway node against the whole stylesheet: on the game screens that was
most of a restyle, and a move restyles cards, card rows and boards. Those
styles depend only on the stylesheet and on the selectors that can match
the component: the names, classes and id of every node from the app down to
the widget, and the pseudo-classes those rules name. `install()` (done once
by `tui.app`) keeps the rules matched by exactly that, per stylesheet, until
its rules are parsed again (a theme, new CSS), and sets them on each
widget's own component node (a node's styles read through its parent, so
they are never shared); what Textual does with them is unchanged (the
widget repaints when they differ from its last ones).
"""
from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

KEPT_MAX = 1024
"""Component styles kept per stylesheet (then it starts again)."""


class _Kept:
    """One stylesheet's kept component styles, for one parse of its rules."""

    def __init__(self, rules: object) -> None:
        self.rules = rules
        self.styles: dict[tuple[Any, ...], Any] = {}
        """(component, the path's names and pseudo-classes) → the rules that apply to it."""
        self.pseudo: dict[str, frozenset[str]] = {}
        """A component → the pseudo-classes named by the rules that may match it."""


def _kept(sheet: Stylesheet) -> _Kept:
    rules = sheet.rules  # parses first if its sources changed
    kept: _Kept | None = getattr(sheet, "_tsq_kept_components", None)
    if kept is None or kept.rules is not rules or len(kept.styles) > KEPT_MAX:
        kept = _Kept(rules)
        sheet._tsq_kept_components = kept  # type: ignore[attr-defined]
    return kept


def _pseudo_named(sheet: Stylesheet, kept: _Kept, component: str, probe: DOMNode) -> frozenset[str]:
    found = kept.pseudo.get(component)
    if found is None:
        rules_map = sheet.rules_map
        named: set[str] = set()
        for name in rules_map.keys() & probe._selector_names:
            for rule in rules_map[name]:
                named |= rule.pseudo_classes
        found = kept.pseudo[component] = frozenset(named)
    return found


def _process_component_classes(self: Stylesheet, node: DOMNode) -> None:
    component_classes = node._get_component_classes()
    if not component_classes:
        return
    kept = _kept(self)
    path = node.css_path_nodes
    names = tuple(frozenset(n._selector_names) for n in path)
    refresh_node = False
    old_component_styles = node._component_styles.copy()
    node._component_styles.clear()
    for component in sorted(component_classes):
        probe = DOMNode(classes=component)
        pseudo = _pseudo_named(self, kept, component, probe)
        key = (component, names,
               tuple(frozenset(p for p in pseudo if n.has_pseudo_class(p)) for n in path) if pseudo else ())
        probe._attach(node)
        rules = kept.styles.get(key)
        if rules is None:
            self.apply(probe, animate=False)
            kept.styles[key] = probe._css_styles.get_rules()
        else:  # the rules matched, set on a node of its own (its styles read through its parent)
            self.replace_rules(probe, rules, animate=False)
        styles = probe.styles
        if not refresh_node and old_component_styles.get(component) != styles:
            refresh_node = True  # as Textual: the widget repaints when they changed
        node._component_styles[component] = styles
    if refresh_node:
        node.refresh()


def install() -> None:
    """Match a widget's component styles once for each place they can differ."""
    Stylesheet._process_component_classes = _process_component_classes  # type: ignore[method-assign]

"""tests/scaling.py, the growth measure the no-blow-up tests assert on: a quadratic cost is caught,
a linear one passes, with the same bound (24x for 8x the input) those tests use."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.scaling import growth


def _linear(n: int) -> Callable[[], object]:
    items = list(range(n))
    return lambda: sum(x * x for x in items)


def _quadratic(n: int) -> Callable[[], object]:
    items = list(range(n))
    return lambda: sum(1 for x in items for y in items if x < y)  # every pair: n² steps


def test_a_linear_cost_passes_and_a_quadratic_one_is_caught() -> None:
    linear, measured = growth(_linear, 50_000, 400_000)
    assert linear < 24, measured
    quadratic, measured = growth(_quadratic, 250, 2000)
    assert quadratic > 24, measured


def test_growth_refuses_a_measure_that_says_nothing() -> None:
    with pytest.raises(ValueError):
        growth(_linear, 10, 10)
    with pytest.raises(ValueError):
        growth(_linear, 10, 80, repeats=1)

"""Suite-wide set-up: the notebook cells that nbval collects count as slow tests.

``python -m pytest -m "not slow"`` is the quick developer loop; ``python -m pytest`` runs
everything, notebooks included. nbval's items cannot carry a marker in their source (they are
cells of generated ``.ipynb`` files), so they get it here, at collection.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)  # before pytest's own -m filter looks at the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)

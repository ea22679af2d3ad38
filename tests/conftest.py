import os

import pytest
from hypothesis import settings

settings.register_profile("thorough", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        help="also run the soak tests (marked soak): many more and longer random games",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Soak tests play for many minutes; a plain run skips them, saying how to run them."""
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="a soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)

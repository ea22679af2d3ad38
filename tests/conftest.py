import os

import pytest
from hypothesis import settings

# No deadline: on a busy machine a quick example may take long; the test timeout still catches a hang.
settings.register_profile("ci", deadline=None)
# More examples where a test does not set its own count (pytest --soak loads it).
settings.register_profile("soak", parent=settings.get_profile("ci"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        help="also run the soak tests (marked soak): many more and longer random games",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--soak"):
        settings.load_profile("soak")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Soak tests play for many minutes; a plain run skips them, saying how to run them."""
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="a soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)

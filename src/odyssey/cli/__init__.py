"""The ``odyssey`` command line."""

"""Loads one of the extension-less Python scripts of tools/ as a module, so that tests and other
scripts use its functions (tools/realworld's plan of how each real-world corpus is run)."""
import importlib.machinery, importlib.util, os

TOOLS = os.path.dirname(os.path.abspath(__file__))


def load_tool(name):
    loader = importlib.machinery.SourceFileLoader(name, os.path.join(TOOLS, name))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    loader.exec_module(module)
    return module

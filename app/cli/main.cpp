// gpuplan-cli: wiring only; the commands live in cli.cpp.
#include "cli.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    return gpuplan::cli::run(args, std::cin, std::cout, std::cerr);
}
